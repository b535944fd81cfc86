/** A WhatsApp click-to-chat link: the number as digits only, the text URL-encoded. */
export function whatsappLink(number: string, text: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}
