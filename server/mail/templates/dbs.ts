import { hello, type MailTemplate } from '../template';

/** Who a DBS notice is about, and whether this copy goes to the welfare officer or to the person themselves. */
interface DbsNotice {
  /** "Carl Coach". */
  personName: string;
  /** "3 November 2026". */
  expiresOn: string;
  /** "Coach of U9 Wrens and U12 Robins"; '' when they are on no junior team's staff. */
  juniorPlaces: string;
  toWelfareOfficer: boolean;
}

/** 60 and 30 days before a DBS check expires, to the person and the welfare officer (always sent, once each: issue 31). */
export const dbsExpiring: MailTemplate<DbsNotice & { daysLeft: number }> = {
  kind: 'dbs_expiring',
  policy: 'always',
  write: ({ personName, expiresOn, juniorPlaces, toWelfareOfficer, daysLeft }, to) => ({
    subject: toWelfareOfficer ? `${personName}'s DBS check expires on ${expiresOn}` : `Your DBS check expires on ${expiresOn}`,
    greeting: hello(to),
    paragraphs: toWelfareOfficer
      ? [
          `${personName}'s DBS check expires on ${expiresOn}, in ${daysLeft} days.${juniorPlaces ? ` They are ${juniorPlaces}.` : ''}`,
          'Please start their renewal now. Once the new check is verified, record it in Safeguarding. If it has not been recorded by then, their places on junior teams are suspended on the day after it expires.',
        ]
      : [
          `Your DBS check expires on ${expiresOn}, in ${daysLeft} days.${juniorPlaces ? ` You are ${juniorPlaces}.` : ''}`,
          'Please start your renewal now and tell the club’s welfare officer. If the new check has not been recorded by then, your places on junior teams are suspended on the day after it expires until it is.',
        ],
    action: toWelfareOfficer ? { label: 'Open Safeguarding', path: '/admin/safeguarding' } : { label: 'Contact the club', path: '/about' },
  }),
  samples: [
    { personName: 'Carl Coach', expiresOn: '3 November 2026', juniorPlaces: 'Coach of U9 Wrens and U12 Robins', toWelfareOfficer: false, daysLeft: 60 },
    { personName: 'Carl Coach', expiresOn: '3 November 2026', juniorPlaces: 'Coach of U9 Wrens', toWelfareOfficer: true, daysLeft: 30 },
    { personName: 'Val Volunteer', expiresOn: '3 November 2026', juniorPlaces: '', toWelfareOfficer: false, daysLeft: 30 },
  ],
};

/** The day after a DBS check's expiry date: the person's junior places are suspended (always sent, once: issue 31). */
export const dbsExpired: MailTemplate<DbsNotice> = {
  kind: 'dbs_expired',
  policy: 'always',
  write: ({ personName, expiresOn, juniorPlaces, toWelfareOfficer }, to) => ({
    subject: toWelfareOfficer ? `${personName}'s DBS check has expired` : 'Your DBS check has expired',
    greeting: hello(to),
    paragraphs: toWelfareOfficer
      ? [
          `${personName}'s DBS check expired on ${expiresOn}.${juniorPlaces ? ` Their places as ${juniorPlaces} are suspended: they cannot run those teams or see the children’s medical notes, contacts or consents.` : ''}`,
          'Their places come back as soon as a new in-date check is recorded in Safeguarding, or an admin lifts the suspension with a reason.',
        ]
      : [
          `Your DBS check expired on ${expiresOn}.${juniorPlaces ? ` Your places as ${juniorPlaces} are suspended: until a new check is recorded you cannot run those teams or see the children’s medical notes, contacts or consents.` : ''}`,
          'Please renew your check and tell the club’s welfare officer: your places come back as soon as the new check is recorded.',
        ],
    action: toWelfareOfficer ? { label: 'Open Safeguarding', path: '/admin/safeguarding' } : { label: 'Contact the club', path: '/about' },
  }),
  samples: [
    { personName: 'Carl Coach', expiresOn: '3 November 2026', juniorPlaces: 'Coach of U9 Wrens and U12 Robins', toWelfareOfficer: false },
    { personName: 'Carl Coach', expiresOn: '3 November 2026', juniorPlaces: 'Coach of U9 Wrens', toWelfareOfficer: true },
    { personName: 'Val Volunteer', expiresOn: '3 November 2026', juniorPlaces: '', toWelfareOfficer: false },
  ],
};
