import { z } from '@hono/zod-openapi';
import { HEX_COLOUR } from '../colour';
import { SOCIAL_LINKS, type SocialLinkField } from '../club';

/**
 * The club's identity (issue 33): what the club is called and looks like, set in Settings → Club and
 * read by every page, mail, feed and file (ADR 058). Public: pages show it.
 */
export const ClubIdentitySchema = z
  .object({
    club_name: z.string().openapi({ description: 'The full name: titles, the footer, mails', example: 'Hartfield Town FC' }),
    short_name: z.string().openapi({ description: 'How fixtures and calendars name the club', example: 'Hartfield Town' }),
    strapline: z.string().openapi({ description: 'One line under the name; blank: none', example: 'Open-access football for players of all abilities' }),
    primary_colour: z.string().openapi({ description: '#rrggbb that white text reads on (4.5:1): the header, buttons, footer', example: '#14532d' }),
    secondary_colour: z.string().openapi({ description: '#rrggbb that reads as text on the primary colour (4.5:1): highlights, the accent button', example: '#facc15' }),
    crest_url: z.string().openapi({ description: 'The uploaded crest (/uploads/…); blank: the drawn shield in the club colours', example: '/uploads/4f1c2a.svg' }),
    home_headline: z.string().openapi({ description: "The home page's big heading; blank: the club's name" }),
    mail_sender_name: z.string().openapi({ description: 'The name mails come from; blank: the club name', example: 'Hartfield Town FC' }),
    facebook_url: z.string(),
    instagram_url: z.string(),
    x_url: z.string(),
    youtube_url: z.string(),
    tiktok_url: z.string(),
    founded_year: z.number().int().nullable().openapi({ example: 2009 }),
    ground_name: z.string().openapi({ description: 'The home ground; its address is club_address', example: 'Hartfield Recreation Ground' }),
    ground_map_url: z.string().openapi({ description: 'A map link for the home ground (https://…); blank: none' }),
  })
  .openapi('ClubIdentity');
export type ClubIdentity = z.infer<typeof ClubIdentitySchema>;

const hostIsOneOf = (value: string, hosts: readonly string[]) => {
  try {
    const url = new URL(value);
    const host = url.hostname.toLowerCase();
    return url.protocol === 'https:' && hosts.some((h) => host === h || host.endsWith(`.${h}`));
  } catch {
    return false;
  }
};

const socialLink = (field: SocialLinkField) => {
  const { label, hosts } = SOCIAL_LINKS[field];
  return z
    .string({ error: `${label} link must be text` })
    .trim()
    .max(300, `${label} link must be at most 300 characters`)
    .refine((v) => v === '' || hostIsOneOf(v, hosts), `${label} link must be an https:// address on ${hosts[0]}`)
    .nullish()
    .transform((v) => (v === null ? '' : v));
};

const text = (label: string, max: number, required = false) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !required || v.length > 0, `${label} is required`);

const colour = (label: string) =>
  z
    .string({ error: `${label} must be a colour like #14532d` })
    .trim()
    .regex(HEX_COLOUR, `${label} must be a colour like #14532d`)
    .transform((v) => v.toLowerCase());

/** A crest is one of this site's uploads: it is served as an image only (never as a page). */
const crestRef = z
  .string({ error: 'Crest must be text' })
  .trim()
  .max(200, 'Crest must be at most 200 characters')
  .regex(/^(\/uploads\/[A-Za-z0-9_-]+\.(png|jpg|webp|svg))?$/, 'Crest must be an image uploaded here (/uploads/…)')
  .nullish()
  .transform((v) => (v === null ? '' : v));

/**
 * The identity fields as Settings takes them: each left out stays as it is. The colours' contrast
 * is checked by the settings service (it knows the stored colour when only one is sent).
 */
export const clubIdentityInputShape = {
  club_name: text('Club name', 80, true).optional(),
  short_name: text('Short name', 40, true).optional(),
  strapline: text('Strapline', 140).nullish().transform((v) => (v === null ? '' : v)),
  primary_colour: colour('Primary colour').optional(),
  secondary_colour: colour('Secondary colour').optional(),
  crest_url: crestRef,
  home_headline: text('Home page headline', 80).nullish().transform((v) => (v === null ? '' : v)),
  mail_sender_name: text('Mail sender name', 80)
    .refine((v) => !/[<>"\r\n]/.test(v), 'Mail sender name may not contain <, >, " or line breaks')
    .nullish()
    .transform((v) => (v === null ? '' : v)),
  facebook_url: socialLink('facebook_url'),
  instagram_url: socialLink('instagram_url'),
  x_url: socialLink('x_url'),
  youtube_url: socialLink('youtube_url'),
  tiktok_url: socialLink('tiktok_url'),
  founded_year: z.coerce
    .number({ error: 'Founded must be a year like 1998' })
    .int('Founded must be a year like 1998')
    .min(1850, 'Founded must be a year like 1998')
    .max(2100, 'Founded must be a year like 1998')
    .nullish()
    .or(z.literal('').transform(() => null)),
  ground_name: text('Home ground', 120).nullish().transform((v) => (v === null ? '' : v)),
  ground_map_url: z
    .string({ error: 'Map link must be text' })
    .trim()
    .max(1000, 'Map link must be at most 1000 characters')
    .refine((v) => v === '' || /^https:\/\/[^\s]+$/i.test(v), 'Map link must start with https://')
    .nullish()
    .transform((v) => (v === null ? '' : v)),
};

/** POST /api/admin/initialize-database's identity fields (issue 33): left out, the sample club's. */
export const initialIdentityShape = {
  club_name: text('Club name', 80, true).optional().openapi({ description: "The club's full name", example: 'Ashdown Athletic Juniors' }),
  short_name: text('Short name', 40).optional().openapi({ description: 'How fixtures name the club; blank: the full name', example: 'Ashdown Athletic' }),
  primary_colour: colour('Primary colour').optional().openapi({ description: '#rrggbb that white text reads on (4.5:1)', example: '#1e3a8a' }),
};
/** What the first run takes: the API's three fields; the /initialize page may also give the second colour. */
export type InitialIdentity = { club_name?: string; short_name?: string; primary_colour?: string; secondary_colour?: string };
