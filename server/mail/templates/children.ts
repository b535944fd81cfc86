import { hello, type MailTemplate } from '../template';

/** One child in a parent's request, as the club's staff read it (dates already in words). */
export interface RequestedChild {
  name: string;
  born: string;
  team: string | null;
}

const childLine = (c: RequestedChild) => `${c.name}, born ${c.born}${c.team ? `, for ${c.team}` : ''}`;

/**
 * A parent or carer asked to be linked to their children (issue 31): to the secretary and the
 * welfare officer, once per request, so nobody waits a week unseen.
 */
export const guardianRequestReceived: MailTemplate<{ parentName: string; relationship: string; children: RequestedChild[] }> = {
  kind: 'guardian_request_received',
  policy: 'always',
  write: ({ parentName, relationship, children }, to) => ({
    subject:
      children.length === 1
        ? `A parent’s request to approve: ${parentName} for ${children[0]!.name}`
        : `A parent’s request to approve: ${parentName} for ${children.length} children`,
    greeting: hello(to),
    paragraphs: [
      `${parentName} (${relationship.toLowerCase()}) asks to be linked to ${children.length === 1 ? 'this child' : 'these children'}:`,
      ...children.map(childLine),
      'Approve it, choosing the junior team each child plays for, or turn it down with a reason, on the Parents & carers page. The parent hears nothing until you decide.',
    ],
    action: { label: 'Open Parents & carers', path: '/admin/guardians' },
  }),
  samples: [
    { parentName: 'Priya Sharma', relationship: 'Mother', children: [{ name: 'Aarav Sharma', born: '3 May 2018', team: 'Under 9s' }] },
    {
      parentName: 'Dev Patel',
      relationship: 'Father',
      children: [
        { name: 'Meera Patel', born: '12 January 2015', team: null },
        { name: 'Ravi Patel', born: '30 June 2018', team: 'Under 9s' },
      ],
    },
  ],
};

/** A child left the club or their record was deleted (issue 31): to their parents and carers. */
export const childLeftClub: MailTemplate<{ childFirstName: string; deleted: boolean }> = {
  kind: 'child_left_club',
  policy: 'always',
  write: ({ childFirstName, deleted }, to) => ({
    subject: deleted ? `${childFirstName}’s record has been deleted` : `${childFirstName} has left the club`,
    greeting: hello(to),
    paragraphs: deleted
      ? [
          `The club has deleted ${childFirstName}’s record: their details, stats, answers and your link to them are gone. Any charges and payments stay in the club’s accounts without their name, as the law requires.`,
          'If this is a mistake, reply to the club secretary as soon as you can.',
        ]
      : [
          `The club has recorded that ${childFirstName} has left: they are off the team lists and upcoming squads, and you will not get the club’s mail about their matches and training.`,
          `Their history is kept, and the club can welcome them back at any time. If this is a mistake, contact the club secretary.`,
        ],
    action: { label: 'Contact the club', path: '/about' },
  }),
  samples: [
    { childFirstName: 'Aarav', deleted: false },
    { childFirstName: 'Meera', deleted: true },
  ],
};

/** A guardian withdrew one of a child's consents (issue 31): to the child's other parents and carers. */
export const consentWithdrawn: MailTemplate<{ childFirstName: string; consent: string; byName: string }> = {
  kind: 'consent_withdrawn',
  policy: 'always',
  write: ({ childFirstName, consent, byName }, to) => ({
    subject: `${byName} withdrew a consent for ${childFirstName}`,
    greeting: hello(to),
    paragraphs: [
      `${byName} has withdrawn this season’s consent “${consent}” for ${childFirstName}. It applies at once.`,
      'You can see every consent, and who gave or withdrew it, on the child’s page in the Players’ Area.',
    ],
    action: { label: 'See the consents', path: '/players-area/children' },
  }),
  samples: [{ childFirstName: 'Meera', consent: 'Photos on the public website', byName: 'Priya Sharma' }],
};
