import { z } from '@hono/zod-openapi';
import { OUTBOX_STATUSES } from '../mail';

/** One outgoing e-mail as the admin's Outbox lists it (ADR 015). */
export const OutboxMessageSchema = z
  .object({
    id: z.string().uuid(),
    kind: z.string(),
    to_address: z.string(),
    subject: z.string(),
    status: z.enum(OUTBOX_STATUSES),
    attempts: z.number().int(),
    next_attempt_at: z.string().openapi({ format: 'date-time' }),
    last_error: z.string().nullable(),
    created_at: z.string().openapi({ format: 'date-time' }),
    sent_at: z.string().nullable().openapi({ format: 'date-time' }),
  })
  .openapi('OutboxMessage');

/** GET /api/admin/outbox: the newest messages, the count of each status, and whether SMTP is set up. */
export const OutboxListSchema = z.object({
  configured: z.boolean(),
  totals: z.object(Object.fromEntries(OUTBOX_STATUSES.map((s) => [s, z.number().int()])) as Record<(typeof OUTBOX_STATUSES)[number], z.ZodNumber>),
  messages: z.array(OutboxMessageSchema),
});

export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;
export type OutboxList = z.infer<typeof OutboxListSchema>;
