/** A phone number as a `tel:` link: its digits and a leading +, as every phone's dialler takes it. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
