import type { ClubSettings } from './contracts/settings';

export type { ClubSettings };

/** Before initialization (or if a field is blank) the site still shows something sensible. */
export const FALLBACK_SETTINGS: ClubSettings = {
  whatsapp_number: '',
  club_email: 'info@example.com',
  sales_email: '',
  club_address: '',
  hero_image_url: '',
  welfare_email: '',
  welfare_officer: null,
};
