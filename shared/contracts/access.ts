import { z } from '@hono/zod-openapi';
import { ACCESS_CHANGE_ACTIONS, ACCESS_REASON_MAX, REASON_REQUIRED } from '../access';

export { ACCESS_CHANGE_ACTIONS, ACCESS_CHANGE_LABELS, ACCESS_REASON_MAX, REASON_REQUIRED, type AccessChangeAction } from '../access';

/**
 * Switching logins off and on, and removing a parent's or carer's link to a child (issue 30): done
 * by an admin or the welfare officer, always with a reason, each kept with who and when.
 */

export const accessReasonSchema = z.object({
  reason: z
    .string({ error: REASON_REQUIRED })
    .trim()
    .min(3, REASON_REQUIRED)
    .max(ACCESS_REASON_MAX, `The reason can have at most ${ACCESS_REASON_MAX} characters.`),
});
export type AccessReasonInput = z.infer<typeof accessReasonSchema>;

export const LoginSummarySchema = z
  .object({
    user_id: z.string().uuid(),
    full_name: z.string(),
    username: z.string(),
    /** A member of the club (with a player record) or a login without one (a parent or carer). */
    kind: z.enum(['member', 'parent_or_carer']),
    switched_off_at: z.string().nullable().openapi({ description: 'ISO 8601; null while the login works' }),
    left_club: z.boolean().openapi({ description: 'The member has left the club (switched on again by "Back in the club")' }),
  })
  .openapi('LoginSummary');
export type LoginSummary = z.infer<typeof LoginSummarySchema>;

export const AccessChangeSchema = z
  .object({
    id: z.string().uuid(),
    action: z.enum(ACCESS_CHANGE_ACTIONS),
    subject_name: z.string(),
    child_name: z.string().nullable(),
    reason: z.string(),
    by_name: z.string(),
    at: z.string().openapi({ description: 'ISO 8601' }),
  })
  .openapi('AccessChange');
export type AccessChange = z.infer<typeof AccessChangeSchema>;

export const LoginsOverviewSchema = z.object({ logins: z.array(LoginSummarySchema), changes: z.array(AccessChangeSchema) }).openapi('LoginsOverview');
export type LoginsOverview = z.infer<typeof LoginsOverviewSchema>;
