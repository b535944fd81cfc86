import { z } from 'zod';
import { clubIdentityInputShape } from './contracts/club-identity';
import './zod-messages';
import { noticeVersionField } from './privacy-notice';
import { FIXTURE_STATUSES, INTEREST_TYPE_IDS, JOIN_US_LIMITS, SPONSOR_TIERS } from './content-constants';
import { clubDateField } from './dates';
import { imageRef, optionalImageRef, optionalText, optionalWebsite, requiredText } from './fields';
import { ORDER_QUANTITY_MAX, PENDING_ORDER_DAYS_MAX } from './shop-constants';

export * from './content-constants';

/**
 * The club's public content (fixtures, news, sponsors, join-us, settings): the zod schemas the API
 * and the forms share, and the constants for them (docs/product.md). The squad's player input is
 * the player domain's (shared/contracts/players.ts); the fields come from the kit (shared/fields.ts).
 */

// ---------------------------------------------------------------------------------------------
// Fixtures

const score = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(99, `${label} must be at most 99`)
    .nullish()
    .transform((v) => (v === undefined ? null : v));

export const fixtureInputSchema = z.object({
  /** The version (updated_at) this save is based on; a newer save since answers 409 (issue 22). */
  version: z.string({ error: 'version must be text' }).max(40, 'version must be text').optional(),
  /** Optional on create (earlier clients send none: docs/architecture.md#earlier-clients): the first team by sort order. On update, omitted keeps the team. */
  team_id: z.string({ error: 'team_id must be a team id (UUID)' }).trim().max(100, 'team_id must be a team id (UUID)').optional(),
  away_team: requiredText('Opponent (away_team)', 100),
  match_date: clubDateField('Match date'),
  match_time: z.string({ error: 'Kick-off time is required' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Kick-off time must be HH:MM (24-hour)'),
  venue: requiredText('Venue', 200),
  competition: requiredText('Competition', 100),
  is_home: z.boolean({ error: 'is_home must be true or false' }).default(true),
  home_score: score('Home score'),
  away_score: score('Away score'),
  status: z.enum(FIXTURE_STATUSES, { error: 'Status must be one of upcoming, completed, cancelled' }).default('upcoming'),
  match_report: optionalText('Match report', 20000),
  /** Issue 22: when to meet ("HH:MM", club time), what to wear or bring, anything else for the players. */
  meet_time: z
    .string({ error: 'Meet time must be HH:MM (24-hour)' })
    .trim()
    .regex(/^(([01]\d|2[0-3]):[0-5]\d)?$/, 'Meet time must be HH:MM (24-hour)')
    .nullish()
    .transform((v) => (v ? v : null)),
  kit: optionalText('Kit', 200),
  notes: optionalText('Notes', 2000),
});
export type FixtureInput = z.infer<typeof fixtureInputSchema>;

export const FIXTURE_LIST_MAX = 200;
export const fixtureQuerySchema = z.object({
  status: z.enum(['upcoming', 'completed', 'cancelled']).optional(),
  /** One team's fixtures (an unknown id matches none). */
  team_id: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(FIXTURE_LIST_MAX).optional(),
});
export type FixtureQuery = z.infer<typeof fixtureQuerySchema>;

// ---------------------------------------------------------------------------------------------
// News

export const newsInputSchema = z.object({
  title: requiredText('Title', 200),
  summary: optionalText('Summary', 500),
  content: requiredText('Content', 50000),
  image_url: optionalImageRef('Image URL'),
  is_published: z.boolean({ error: 'is_published must be true or false' }).default(false),
});
export type NewsInput = z.infer<typeof newsInputSchema>;

export const limitQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).optional() });

// ---------------------------------------------------------------------------------------------
// Sponsors

export const sponsorInputSchema = z.object({
  name: requiredText('Name', 100),
  logo_url: z.string({ error: 'Logo URL is required' }).trim().min(1, 'Logo URL is required').pipe(imageRef('Logo URL')),
  category: requiredText('Category', 60),
  /** New sponsors without a tier are partners; on update, omitted keeps the tier (ADR 022). */
  tier: z.enum(SPONSOR_TIERS, { error: 'Tier must be one of main, partner, supporter' }).optional(),
  website_url: optionalWebsite('Website'),
  description: optionalText('Description', 1000),
});
export type SponsorInput = z.infer<typeof sponsorInputSchema>;

// ---------------------------------------------------------------------------------------------
// Join us

export const joinUsInputSchema = z.object({
  full_name: requiredText('Full name', JOIN_US_LIMITS.full_name),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(JOIN_US_LIMITS.email, `Email must be at most ${JOIN_US_LIMITS.email} characters`)
    .pipe(z.email('Please enter a valid email address')),
  phone_number: z
    .string({ error: 'Phone number is required' })
    .trim()
    .min(1, 'Phone number is required')
    .max(JOIN_US_LIMITS.phone_number, `Phone number must be at most ${JOIN_US_LIMITS.phone_number} characters`)
    .regex(/^\+?[\d\s().-]{6,}$/, 'Please enter a valid phone number'),
  message: requiredText('Message', JOIN_US_LIMITS.message),
  interest_types: z
    .array(z.enum(INTEREST_TYPE_IDS, { error: 'Interest types must be player, volunteer or sponsor' }), {
      error: 'Choose at least one area of interest',
    })
    .min(1, 'Choose at least one area of interest')
    .refine((v) => new Set(v).size === v.length, 'Each area of interest may be chosen only once'),
  /** The privacy notice version the form showed (issue 34); omitted: the current one. */
  notice_version: noticeVersionField,
});
export type JoinUsInput = z.infer<typeof joinUsInputSchema>;

// ---------------------------------------------------------------------------------------------
// Settings

export const ORDER_QUANTITY_CAP_INVALID = `Most of each item in one order must be a whole number from 1 to ${ORDER_QUANTITY_MAX}`;
export const PENDING_ORDER_DAYS_INVALID = `Days an order waits must be a whole number from 1 to ${PENDING_ORDER_DAYS_MAX}`;

export const settingsInputSchema = z.object({
  // Issue 33: the club's identity (Settings → Club). Left out: unchanged.
  ...clubIdentityInputShape,
  whatsapp_number: z
    .string({ error: 'WhatsApp number must be text' })
    .trim()
    .max(30, 'WhatsApp number must be at most 30 characters')
    .regex(/^(\+?[\d ]*)$/, 'WhatsApp number may contain only digits, spaces and a leading +')
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => v === '' || (v.length >= 7 && v.length <= 15), 'WhatsApp number must have 7 to 15 digits, with the country code'),
  club_email: z
    .string({ error: 'Club email is required' })
    .trim()
    .min(1, 'Club email is required')
    .max(254)
    .pipe(z.email('Club email must be a valid email address')),
  sales_email: z
    .union([z.literal(''), z.string().trim().max(254).pipe(z.email('Sales email must be a valid email address'))])
    .nullish()
    .transform((v) => v ?? ''),
  club_address: z
    .string({ error: 'Club address must be text' })
    .trim()
    .max(300, 'Club address must be at most 300 characters')
    .nullish()
    .transform((v) => v ?? ''),
  /** Blank or null: the shipped artwork. Left out: unchanged (a client that does not know the field keeps it). */
  hero_image_url: z
    .union([z.literal(''), imageRef('Home page photo')])
    .nullish()
    .transform((v) => (v === null ? '' : v)),
  // The club's bank account (issue 24), shown to members with their payment reference. Left out: unchanged.
  account_name: z.string({ error: 'Account name must be text' }).trim().max(100, 'Account name must be at most 100 characters').optional(),
  sort_code: z
    .string({ error: 'Sort code must be text' })
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => v === '' || /^\d{6}$/.test(v), 'Sort code must be 6 digits, like 30-91-74')
    .optional(),
  account_number: z
    .string({ error: 'Account number must be text' })
    .trim()
    .transform((v) => v.replace(/\s/g, ''))
    .refine((v) => v === '' || /^\d{8}$/.test(v), 'Account number must be 8 digits')
    .optional(),
  /** Issue 23: how parents reach the welfare officer, on every public page. Blank or null: none. Left out: unchanged. */
  welfare_email: z
    .union([z.literal(''), z.string({ error: 'Welfare e-mail must be text' }).trim().max(254).pipe(z.email('Welfare e-mail must be a valid email address'))], {
      error: 'Welfare e-mail must be a valid email address',
    })
    .nullish()
    .transform((v) => (v === null ? '' : v)),
  /** Issue 30: the most of one product an order may take. Left out: unchanged. */
  order_quantity_cap: z.coerce
    .number({ error: ORDER_QUANTITY_CAP_INVALID })
    .int(ORDER_QUANTITY_CAP_INVALID)
    .min(1, ORDER_QUANTITY_CAP_INVALID)
    .max(ORDER_QUANTITY_MAX, ORDER_QUANTITY_CAP_INVALID)
    .optional(),
  /** Issue 30: days an unconfirmed order keeps its stock. Left out: unchanged. */
  pending_order_days: z.coerce
    .number({ error: PENDING_ORDER_DAYS_INVALID })
    .int(PENDING_ORDER_DAYS_INVALID)
    .min(1, PENDING_ORDER_DAYS_INVALID)
    .max(PENDING_ORDER_DAYS_MAX, PENDING_ORDER_DAYS_INVALID)
    .optional(),
});
export type SettingsInput = z.infer<typeof settingsInputSchema>;
