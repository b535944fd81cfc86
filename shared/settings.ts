/** The club's contact settings (admin Settings), as pages and the API see them. */
export interface ClubSettings {
  whatsapp_number: string;
  club_email: string;
  sales_email: string;
  club_address: string;
  /** The home page's hero photo (a web address or an /uploads path); blank: the shipped artwork. */
  hero_image_url: string;
}

/** Before initialization (or if a field is blank) the site still shows something sensible. */
export const FALLBACK_SETTINGS: ClubSettings = {
  whatsapp_number: '',
  club_email: 'info@example.com',
  sales_email: '',
  club_address: '',
  hero_image_url: '',
};
