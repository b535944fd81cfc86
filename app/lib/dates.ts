/** Display dates in en-GB. Calendar dates ('YYYY-MM-DD') are read as UTC so they never shift a day. */
const longDate = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const plainDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const stampDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });

export const formatMatchDate = (isoDate: string) => longDate.format(new Date(`${isoDate}T00:00:00Z`));
export const formatCalendarDate = (isoDate: string) => plainDate.format(new Date(`${isoDate}T00:00:00Z`));
export const formatTimestamp = (iso: string) => stampDate.format(new Date(iso));
