import { GUARDIAN_INVITATION_DAYS } from '../../../shared/guardians';
import { hello, type MailTemplate } from '../template';

/** The club invites a parent or carer to link their login to a child (always sent; a single-use link, 7 days). */
export const guardianInvitation: MailTemplate<{ token: string; childFirstName: string; invitedBy: string }> = {
  kind: 'guardian_invitation',
  policy: 'always',
  write: ({ token, childFirstName, invitedBy }, to) => ({
    subject: `See ${childFirstName}'s football at the club: your parent or carer link`,
    greeting: hello(to),
    paragraphs: [
      `${invitedBy} at the club has added you as a parent or carer of ${childFirstName}.`,
      `With the link below you create a login (or sign in to the one you have) and then see ${childFirstName}’s matches and training, answer whether they can play, and give or withdraw consents.`,
      `The link works once, for ${GUARDIAN_INVITATION_DAYS} days. If you did not expect this, ignore this e-mail.`,
    ],
    action: { label: 'Accept the invitation', path: `/guardian-invitation?token=${token}` },
  }),
  samples: [{ token: 'Yq3v8Zt0kPpW9sQe1uXr4mHc7nBd2fLa5gJi6oKy0Ts', childFirstName: 'Sam', invitedBy: 'Wendy Welfare' }],
};

/** A parent's "I am a parent or carer" request was approved: they are linked to the child (always sent). */
export const guardianRequestApproved: MailTemplate<{ childFirstName: string }> = {
  kind: 'guardian_request_approved',
  policy: 'account',
  write: ({ childFirstName }, to) => ({
    subject: `You are linked to ${childFirstName}`,
    greeting: hello(to),
    paragraphs: [
      `The club approved your request: you are now ${childFirstName}’s parent or carer on the club’s records.`,
      `In the Players’ Area you see their matches and training, answer for them, and give or withdraw their consents for this season.`,
    ],
    action: { label: 'Open the Players’ Area', path: '/players-area/children' },
  }),
  samples: [{ childFirstName: 'Sam' }],
};

/** A parent's request was turned down, with the club's reason (always sent). */
export const guardianRequestRejected: MailTemplate<{ childName: string; reason: string }> = {
  kind: 'guardian_request_rejected',
  policy: 'account',
  write: ({ childName, reason }, to) => ({
    subject: 'About your request as a parent or carer',
    greeting: hello(to),
    paragraphs: [
      `The club could not link you to ${childName}. The club says:`,
      reason,
      'If you think this is a mistake, contact the club’s welfare officer (their details are on the About page).',
    ],
    action: { label: 'Contact the club', path: '/about' },
  }),
  samples: [{ childName: 'Sam Sample', reason: 'We could not find a player with that name and date of birth: please ask the team manager.' }],
};

/** Thirty days before a junior turns 18, to them and to their guardians (always sent, once). */
export const turningEighteen: MailTemplate<{ firstName: string; birthday: string }> = {
  kind: 'junior_turning_18',
  policy: 'account',
  write: ({ firstName, birthday }, to) => ({
    subject: `${firstName} turns 18 on ${birthday}`,
    greeting: hello(to),
    paragraphs: [
      `${firstName} turns 18 on ${birthday}. From that day they are an adult member: the club writes to them directly, and parents and carers no longer see their details, answer for them or give consents.`,
      `If ${firstName} has no login of their own yet, ask the club secretary for one before then.`,
    ],
    action: { label: 'Open the Players’ Area', path: '/players-area' },
  }),
  samples: [{ firstName: 'Sam', birthday: '14 March 2027' }],
};
