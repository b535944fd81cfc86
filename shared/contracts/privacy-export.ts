import { z } from '@hono/zod-openapi';

/** One access download of a request (issue 34): who made it, when, and how many rows it held. */
export const PrivacyRequestDownloadSchema = z
  .object({
    downloaded_by_name: z.string(),
    row_count: z.number().int(),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('PrivacyRequestDownload');
export type PrivacyRequestDownload = z.infer<typeof PrivacyRequestDownloadSchema>;

/** What a portal download holds, in one sentence (shown beside its button). */
export const OWN_DATA_SENTENCE =
  'A ZIP file with everything the club holds about you: your profile, teams, availability, attendance, payments, messages and more, as a spreadsheet per section and one data file.';
export const childDataSentence = (firstName: string) =>
  `A ZIP file with everything the club holds about ${firstName}: their profile, consents, teams, availability, attendance, messages and more, as a spreadsheet per section and one data file.`;
