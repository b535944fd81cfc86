import { eq } from 'drizzle-orm';
import { settingsInputSchema } from '../../shared/content';
import type { SessionUser } from '../../shared/roles';
import type { Db } from '../db/client';
import { settings } from '../db/schema';
import { parseInput } from './checks';
import { identityOf } from './club-identity';
import { invalidFields } from '../../shared/errors';
import { primaryColourProblem, secondaryColourProblem } from '../../shared/colour';
import { mayManageClubSite, must } from '../policy';
import { FALLBACK_SETTINGS, type ClubSettings } from '../../shared/settings';
import type { AdminSettings } from '../../shared/contracts/settings';
import { welfareContact } from './juniors/welfare';
import { ORDER_QUANTITY_CAP_DEFAULT, PENDING_ORDER_DAYS_DEFAULT } from '../../shared/shop-constants';

// Kept in shared/ so the page bundle can use them without the server's validation code.
export { FALLBACK_SETTINGS, type ClubSettings } from '../../shared/settings';

/** The settings as stored (blank stays blank), without the row's bookkeeping columns. */
const toSettings = (row: typeof settings.$inferSelect, welfareOfficer: string | null): ClubSettings => ({
  whatsapp_number: row.whatsapp_number,
  club_email: row.club_email,
  sales_email: row.sales_email,
  club_address: row.club_address,
  hero_image_url: row.hero_image_url,
  welfare_email: row.welfare_email,
  welfare_officer: welfareOfficer,
});

/** The admin's view: the contact settings and the club's bank account (never on public pages). */
const toAdminSettings = (row: typeof settings.$inferSelect, welfareOfficer: string | null): AdminSettings => ({
  ...toSettings(row, welfareOfficer),
  ...identityOf(row),
  account_name: row.account_name,
  sort_code: row.sort_code,
  account_number: row.account_number,
  order_quantity_cap: row.order_quantity_cap,
  pending_order_days: row.pending_order_days,
});

/**
 * Colours pages could not put text on are refused (issue 33, ADR 058): white
 * text on the primary, the secondary as text on the primary; the refusal names the ratio and a shade
 * that passes. A colour left out is checked as stored, so a new primary is checked with the old secondary.
 */
function checkColours(values: { primary_colour?: string; secondary_colour?: string }, stored: { primary_colour: string; secondary_colour: string }) {
  if (values.primary_colour === undefined && values.secondary_colour === undefined) return;
  const primary = values.primary_colour ?? stored.primary_colour;
  const secondary = values.secondary_colour ?? stored.secondary_colour;
  const problem = primaryColourProblem(primary);
  if (problem) throw invalidFields([{ field: 'primary_colour', message: problem }]);
  const secondaryProblem = secondaryColourProblem(secondary, primary);
  if (secondaryProblem) throw invalidFields([{ field: 'secondary_colour', message: secondaryProblem }]);
}

export function createSettingsService(db: Db) {
  async function stored(): Promise<ClubSettings | null> {
    const [[row], welfare] = await Promise.all([db.select().from(settings).where(eq(settings.id, 1)), welfareContact(db)]);
    return row ? toSettings(row, welfare.name) : null;
  }

  return {
    /** The club's contact details: the e-mail shown on pages, the address, the WhatsApp number. */
    async get(): Promise<ClubSettings> {
      const row = await stored();
      if (!row) return FALLBACK_SETTINGS;
      return {
        whatsapp_number: row.whatsapp_number,
        club_email: row.club_email || FALLBACK_SETTINGS.club_email,
        sales_email: row.sales_email || row.club_email || FALLBACK_SETTINGS.club_email,
        club_address: row.club_address,
        hero_image_url: row.hero_image_url,
        welfare_email: row.welfare_email,
        welfare_officer: row.welfare_officer,
      };
    },

    /** The admin's Settings form: the values as stored (blank stays blank). */
    async read(user: SessionUser | null): Promise<AdminSettings> {
      await must(db, user, mayManageClubSite);
      const [row] = await db.select().from(settings).where(eq(settings.id, 1));
      return row
        ? toAdminSettings(row, (await welfareContact(db)).name)
        : {
            ...FALLBACK_SETTINGS,
            ...identityOf(undefined),
            club_email: '',
            account_name: '',
            sort_code: '',
            account_number: '',
            order_quantity_cap: ORDER_QUANTITY_CAP_DEFAULT,
            pending_order_days: PENDING_ORDER_DAYS_DEFAULT,
          };
    },

    /** Saves the settings; the WhatsApp number is kept as digits only ('+44 7700 900123' -> '447700900123'). */
    async update(user: SessionUser | null, input: unknown): Promise<AdminSettings> {
      await must(db, user, mayManageClubSite);
      const values = parseInput(settingsInputSchema, input);
      const [before] = await db.select().from(settings).where(eq(settings.id, 1));
      checkColours(values, identityOf(before));
      // A club never named that saves one of its identity fields keeps the sample identity's others.
      const identity = before?.club_name ? {} : identityOf(before);
      const [row] = await db
        .insert(settings)
        .values({ id: 1, ...identity, ...values })
        .onConflictDoUpdate({ target: settings.club_id, set: { ...identity, ...values, updated_at: new Date() } })
        .returning();
      return toAdminSettings(row, (await welfareContact(db)).name);
    },
  };
}
