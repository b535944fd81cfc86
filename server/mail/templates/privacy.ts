import { hello, type MailTemplate } from '../template';

/** A personal-data request about to fall due (issue 34), to the data protection lead. */
interface PrivacyReminder {
  /** "Mo Member". */
  subjectName: string;
  /** "Access (a copy of their data)". */
  typeLabel: string;
  /** "Monday 2 March 2026". */
  dueOn: string;
  /** "due in 7 days", "due tomorrow". */
  when: string;
  /** "/admin/privacy/<id>". */
  path: string;
}

/** 7 days and 1 day before a data request's due date (or its extended date), to the lead (always sent, once each). */
export const privacyRequestDue: MailTemplate<PrivacyReminder> = {
  kind: 'privacy_request_due',
  policy: 'always',
  write: ({ subjectName, typeLabel, dueOn, when, path }, to) => ({
    subject: `Data request ${when}: ${subjectName}`,
    greeting: hello(to),
    paragraphs: [
      `The data request about ${subjectName} (${typeLabel.toLowerCase()}) must be answered by ${dueOn}: it is ${when}.`,
      'The law gives one calendar month. If it cannot be done in time, an extension must be sent to them, with the reason, before that date.',
    ],
    action: { label: 'Open the request', path },
  }),
  samples: [
    { subjectName: 'Mo Member', typeLabel: 'Access (a copy of their data)', dueOn: 'Monday 2 March 2026', when: 'due in 7 days', path: '/admin/privacy/1' },
    { subjectName: 'Kit Junior', typeLabel: 'Erasure (delete their data)', dueOn: 'Tuesday 26 May 2026', when: 'due tomorrow', path: '/admin/privacy/2' },
  ],
};
