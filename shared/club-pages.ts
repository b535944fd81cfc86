/**
 * The pages the club writes (issue 33): About, the home page's welcome and the privacy notice.
 * Plain constants, so the admin's screen can use them without the API's schemas
 * (shared/contracts/club-pages.ts has those).
 */
export const CLUB_PAGE_SLUGS = ['about', 'welcome', 'privacy'] as const;
export type ClubPageSlug = (typeof CLUB_PAGE_SLUGS)[number];

/** Each page's name in the admin's Pages screen, what it is for, and where visitors read it. */
export const CLUB_PAGES: Record<ClubPageSlug, { label: string; shownOn: string; path: string }> = {
  about: {
    label: 'About',
    shownOn: 'The About page: your story, values and facilities. The training times and contact details are added below it for you.',
    path: '/about',
  },
  welcome: { label: 'Home page welcome', shownOn: 'The short welcome under the club name at the top of the home page.', path: '/' },
  privacy: {
    label: 'Privacy notice',
    shownOn: 'The Privacy page, linked from the foot of every page and from the forms that ask for personal details.',
    path: '/privacy',
  },
};

export const isClubPageSlug = (slug: string): slug is ClubPageSlug => (CLUB_PAGE_SLUGS as readonly string[]).includes(slug);

/** The longest page the admin may save, in characters of Markdown. */
export const CLUB_PAGE_MAX_CHARS = 20_000;
export const CLUB_PAGE_TOO_LONG = `The page text must be at most ${CLUB_PAGE_MAX_CHARS.toLocaleString('en-GB')} characters`;
