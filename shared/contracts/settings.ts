import { z } from '@hono/zod-openapi';
import { ClubIdentitySchema } from './club-identity';

/** The club's contact settings (admin Settings), as the API takes and answers them. */
export { settingsInputSchema, type SettingsInput } from '../content';

export const SettingsSchema = z
  .object({
    whatsapp_number: z.string().openapi({ description: 'Digits only, with the country code', example: '447700900123' }),
    club_email: z.string(),
    sales_email: z.string(),
    club_address: z.string(),
    hero_image_url: z.string().openapi({
      description: "The home page's hero photo: a web address or a path on this site (/uploads/…); blank for the club's placeholder artwork",
      example: '/uploads/4f1c2a.webp',
    }),
    welfare_email: z.string().openapi({ description: 'How parents reach the welfare officer (issue 23); blank: not set', example: 'welfare@example.org' }),
    welfare_officer: z.string().nullable().openapi({
      description: 'The name of whoever holds the Welfare officer club role (People & roles); null while nobody does. Read only.',
      example: 'Jo Bloggs',
    }),
  })
  .openapi('Settings');

/** The club's contact settings, as pages and the API see them. */
export type ClubSettings = z.infer<typeof SettingsSchema>;

/** What the admin's Settings form reads and saves: the contact settings and the club's bank account (issue 24), which pages never show to visitors. */
export const AdminSettingsSchema = SettingsSchema.extend({
  // Issue 33: the club's identity, Settings → Club.
  ...ClubIdentitySchema.shape,
  account_name: z.string().openapi({ description: 'The name on the club’s bank account' }),
  sort_code: z.string().openapi({ description: '6 digits', example: '309174' }),
  account_number: z.string().openapi({ description: '8 digits', example: '12345678' }),
  order_quantity_cap: z.number().int().openapi({ description: 'The most of one product a single shop order may take (default 10)', example: 10 }),
  pending_order_days: z
    .number()
    .int()
    .openapi({ description: 'Days a pending order keeps its stock; then it is cancelled, the stock released, and the buyer and the shop told (default 7)', example: 7 }),
}).openapi('AdminSettings');
export type AdminSettings = z.infer<typeof AdminSettingsSchema>;
