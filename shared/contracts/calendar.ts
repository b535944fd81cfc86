import { z } from '@hono/zod-openapi';

/** A member's private calendar feed link, as the API answers it. */

export const CalendarLinkSchema = z
  .object({
    url: z.string().openapi({ example: 'https://club.example.org/calendar/me/3q9Z…Xk.ics', description: 'The private feed; keep it to yourself' }),
    webcal_url: z.string().openapi({ description: 'The same feed for calendar apps (webcal://)' }),
  })
  .openapi('CalendarLink');
export type CalendarLink = z.infer<typeof CalendarLinkSchema>;
