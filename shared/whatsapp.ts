/** Only the digits of a phone number: what wa.me expects (country code, no '+', no spaces). */
export const whatsappDigits = (number: string | null | undefined) => (number ?? '').replace(/\D/g, '');

/**
 * A WhatsApp "click to chat" link that opens a chat with the club with `text` typed in,
 * or null when no number is set (the settings leave it blank).
 */
export function whatsappLink(number: string | null | undefined, text: string): string | null {
  const digits = whatsappDigits(number);
  if (!digits) return null;
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

/** A WhatsApp share link with no recipient: the visitor picks who to send `text` to. */
export const whatsappShareLink = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;

/** The country code a number written without one is taken to have: the club is in the UK. */
export const DEFAULT_COUNTRY_CODE = '44';

/**
 * A phone number as a customer typed it, in the international form wa.me needs (digits only,
 * country code first): '07700 900123' → '447700900123', '+44 7700…' and '0044 7700…' → '447700…'.
 * A number that already starts with a country code keeps it. Null when too short to be a number.
 */
export function internationalPhone(number: string | null | undefined, countryCode = DEFAULT_COUNTRY_CODE): string | null {
  const raw = (number ?? '').trim();
  let digits = whatsappDigits(raw);
  if (raw.startsWith('+')) {
    // Already international: '+44 (0)7700…' writes the trunk 0 in brackets; drop it.
    if (digits.startsWith(`${countryCode}0`) && /\(0\)/.test(raw)) digits = countryCode + digits.slice(countryCode.length + 1);
  } else if (digits.startsWith('00')) digits = digits.slice(2);
  else if (digits.startsWith('0')) digits = countryCode + digits.slice(1);
  else if (!digits.startsWith(countryCode) && digits.length === 10) digits = countryCode + digits; // '7700 900123'
  return digits.length >= 8 && digits.length <= 15 ? digits : null;
}
