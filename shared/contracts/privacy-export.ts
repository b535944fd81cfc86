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
