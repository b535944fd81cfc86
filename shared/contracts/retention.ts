import { z } from '@hono/zod-openapi';
import { RETENTION_RULE_KEYS } from '../retention';

/**
 * The retention rules (issue 34, point 5): inputs and answers of /api/privacy/retention. The rules,
 * their reasons and bounds are shared/retention.ts.
 */
export { RETENTION_RULE_KEYS, RETENTION_RULES, type RetentionRuleKey } from '../retention';

export const retentionRuleParam = z.object({
  // Any text: an unknown rule answers 404, as an unknown id does.
  key: z
    .string()
    .max(40)
    .openapi({ param: { name: 'key', in: 'path' }, description: `One of ${RETENTION_RULE_KEYS.join(', ')}`, example: 'enquiries' }),
});

export const retentionRuleInputSchema = z.object({
  period: z
    .number({ error: 'The period must be a whole number' })
    .int('The period must be a whole number')
    .openapi({ description: "In the rule's unit (days or months), within its bounds", example: 12 }),
  automatic: z.boolean({ error: 'automatic must be true or false' }).openapi({ description: 'Purge every night without asking' }),
  /** The version this save is based on; a newer save since answers 409 naming who and when. */
  version: z.string({ error: 'version must be text' }).max(40, 'version must be text').optional(),
});
export type RetentionRuleInput = z.infer<typeof retentionRuleInputSchema>;

export const retentionApproveSchema = z.object({
  rows: z
    .number({ error: 'rows must be a whole number' })
    .int('rows must be a whole number')
    .min(0, 'rows must be a whole number')
    .optional()
    .openapi({ description: 'How many rows the confirmation named: if the list changed since, 409 and nothing is deleted' }),
});

export const RetentionDueItemSchema = z.object({
  label: z.string().openapi({ example: 'Join Us enquiry of 3 March 2025' }),
  rows: z.number().int(),
});

export const RetentionRuleSchema = z
  .object({
    key: z.enum(RETENTION_RULE_KEYS),
    title: z.string(),
    reason: z.string().openapi({ description: 'Why the data is kept this long (not editable)' }),
    counted_from: z.string(),
    unit: z.enum(['days', 'months']),
    period: z.number().int(),
    default_period: z.number().int(),
    min: z.number().int(),
    max: z.number().int(),
    automatic: z.boolean(),
    version: z.string().openapi({ description: 'Send it back with PUT; empty while the club has not changed the default' }),
    updated_by: z.string().nullable(),
    updated_at: z.string().nullable(),
    due: z.array(RetentionDueItemSchema).openapi({ description: 'What is due for deletion now' }),
    due_rows: z.number().int(),
  })
  .openapi('RetentionRule');
export type RetentionRule = z.infer<typeof RetentionRuleSchema>;

export const RetentionLogEntrySchema = z
  .object({
    id: z.string().uuid(),
    rule: z.string(),
    rows: z.number().int(),
    automatic: z.boolean(),
    approved_by: z.string().nullable(),
    summary: z.string().openapi({ example: '3 enquiries deleted' }),
    purged_at: z.string(),
  })
  .openapi('RetentionLogEntry');
export type RetentionLogEntry = z.infer<typeof RetentionLogEntrySchema>;

export const RetentionPurgeSchema = z.object({ rows: z.number().int(), summary: z.string() }).openapi('RetentionPurge');
export type RetentionPurge = z.infer<typeof RetentionPurgeSchema>;
