import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { settings } from '../db/schema';

export interface ClubSettings {
  whatsapp_number: string;
  club_email: string;
  sales_email: string;
  club_address: string;
}

/** Before initialization (or if a field is blank) the site still shows something sensible. */
export const FALLBACK_SETTINGS: ClubSettings = {
  whatsapp_number: '',
  club_email: 'info@example.com',
  sales_email: '',
  club_address: '',
};

export function createSettingsService(db: Db) {
  return {
    /** The club's contact details: the e-mail shown on pages, the address, the WhatsApp number. */
    async get(): Promise<ClubSettings> {
      const [row] = await db.select().from(settings).where(eq(settings.id, 1));
      if (!row) return FALLBACK_SETTINGS;
      return {
        whatsapp_number: row.whatsapp_number,
        club_email: row.club_email || FALLBACK_SETTINGS.club_email,
        sales_email: row.sales_email || row.club_email || FALLBACK_SETTINGS.club_email,
        club_address: row.club_address,
      };
    },
  };
}
