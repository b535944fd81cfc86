import type { ClubPageSlug } from '../../../shared/contracts/club-pages';

/**
 * What a page says before the club has written it (an empty club, issue 33): About and the welcome
 * are blank (the pages show their empty states); the privacy notice is a plain template, true of
 * any grassroots club that uses this site, for the club to read and adjust.
 */
export const DEFAULT_CLUB_PAGES: Record<ClubPageSlug, string> = {
  about: '',
  welcome: '',
  privacy: `## Who we are

We are a grassroots football club run by volunteers. This notice explains what personal details we keep, why, and what you can ask us to do with them. Our contact details are at the foot of every page.

## What we keep

- **Players and members:** your name, contact details, date of birth, the teams you play for, your attendance and your subs and fees.
- **Parents and carers of junior players:** your name and contact details, your child's details, the consents you give, and any medical notes you choose to share so that we can look after your child.
- **People who contact us, join us or order from the shop:** what you send us, and the details we need to reply or to fulfil your order.

## Why we keep it

We keep these details to run the club: to organise teams, training and matches, to keep players safe, to collect subs and fees, and to keep you informed. We rely on our legitimate interest in running the club, on the contract of your membership, and, for photos of children and medical notes, on the consent you give, which you can withdraw at any time.

## Who sees it

Only the club's officers and volunteers who need them: a team's coaches see their own players. We do not sell your details or share them with sponsors. We share them with the league or the county football association only when registering players requires it.

## How long we keep it

While you are a member, and for up to two years after you leave, unless the law asks us to keep records longer (for example, our accounts).

## Your rights

You can ask us for a copy of the details we hold about you, ask us to correct them, or ask us to delete them. You can also complain to the Information Commissioner's Office at [ico.org.uk](https://ico.org.uk).
`,
};
