import { z } from '@hono/zod-openapi';
import { INTEREST_TYPE_IDS } from '../content-constants';

/** Join-us applications, as the API takes and answers them. */
export { joinUsInputSchema, type JoinUsInput } from '../content';

export const JoinUsSubmissionSchema = z
  .object({
    id: z.string().uuid(),
    full_name: z.string(),
    email: z.string(),
    phone_number: z.string(),
    message: z.string(),
    interest_types: z.array(z.enum(INTEREST_TYPE_IDS)),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('JoinUsSubmission');
export type JoinUsSubmission = z.infer<typeof JoinUsSubmissionSchema>;
