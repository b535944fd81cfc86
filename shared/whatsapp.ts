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
