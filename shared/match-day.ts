import { z } from 'zod';

/**
 * Who may collect a child (issue 31): besides their parents and carers, the people a parent or carer
 * names in their own words. Pages and the API validate with this.
 */
export const OTHERS_WHO_MAY_COLLECT_MAX = 500;

/** PUT /api/players/{id}/collectors: the people besides the parents and carers who may collect the child. */
export const collectorsInputSchema = z.object({
  others: z
    .string({ error: 'Say who else may collect (or leave it empty)' })
    .trim()
    .max(OTHERS_WHO_MAY_COLLECT_MAX, `Others who may collect is too long (at most ${OTHERS_WHO_MAY_COLLECT_MAX} characters)`),
});
export type CollectorsInput = z.infer<typeof collectorsInputSchema>;
