/** The club's name and strapline, shown in the header, titles and share previews. */
export const CLUB_NAME = 'Riverside Rovers FC';
export const CLUB_SHORT_NAME = 'Riverside Rovers';
export const CLUB_STRAPLINE = 'Open-access football for players of all abilities';

/** "<page> | <club>" for <title>. */
export const pageTitle = (page?: string) => (page ? `${page} | ${CLUB_NAME}` : CLUB_NAME);
