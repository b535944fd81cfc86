import { TEST_MAIL_SUBJECT } from '../../../shared/mail';
import type { MailTemplate } from '../template';

/** The admin's "Send a test e-mail" (Outbox tab): sent straight over SMTP, not through the outbox. */
export const testMail: MailTemplate<Record<string, never>> = {
  kind: 'test',
  policy: 'always',
  write: () => ({
    subject: TEST_MAIL_SUBJECT,
    paragraphs: ['This is a test e-mail from the club website. If you can read it, e-mail from the site works.'],
    action: { label: 'Open the admin panel', path: '/admin/outbox' },
  }),
  samples: [{}],
};
