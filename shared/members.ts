/** Membership words the API and the pages share (issue 21). */

/** POST /api/players/register's answer. */
export const REGISTRATION_RECEIVED = 'Registration received: the club will approve it soon.';

/** The Players' Area while the club has not approved the registration yet. */
export const AWAITING_APPROVAL_TITLE = 'Waiting for the club to approve your registration';
export const AWAITING_APPROVAL_TEXT =
  "The club's secretary looks at every registration before a player joins a team. You will get an e-mail when they have. Meanwhile you can check your profile.";

/** How long the link in a new login's invitation works. */
export const INVITATION_DAYS = 7;
export const invitationSent = (email: string) => `Login created. We e-mailed ${email} a link to choose a password (valid ${INVITATION_DAYS} days).`;
