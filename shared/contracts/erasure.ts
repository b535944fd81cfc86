/** The erasure's preview and result (issue 34): the same shape, so the counts shown are the counts done. */
import { z } from '@hono/zod-openapi';

export const ErasureSectionSchema = z.object({
  section: z.string(),
  label: z.string(),
  deleted: z.number().int(),
  pseudonymised: z.number().int(),
  detached: z.number().int(),
  mentions: z.number().int(),
  lines: z.array(z.string()),
});

export const ErasureReportSchema = z
  .object({
    pseudonym: z.string().openapi({ example: 'Former member 7f3a' }),
    people: z.array(z.string()),
    sections: z.array(ErasureSectionSchema),
    tables: z.record(z.string(), z.record(z.string(), z.number().int())),
    uploads_removed: z.number().int(),
    kept_until: z.string().nullable(),
  })
  .openapi('ErasureReport');
export type ErasureReportJson = z.infer<typeof ErasureReportSchema>;
