import { hello, type MailTemplate } from '../template';

/** A document (a file or a link) shared with one player or all. */
export const newDocument: MailTemplate<{ title: string; description: string | null }> = {
  kind: 'document',
  policy: { optional: 'document' },
  write: ({ title, description }, to) => ({
    subject: `New document: ${title}`,
    greeting: hello(to),
    paragraphs: [`The club has shared "${title}" with you.`, ...(description ? [description] : [])],
    action: { label: 'See your documents', path: '/players-area/documents' },
  }),
  samples: [
    { title: 'Kit policy', description: 'What to wear on match days.' },
    { title: 'Season handbook', description: null },
  ],
};
