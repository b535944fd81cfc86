import { hello, type MailTemplate } from '../template';

/** A coach's feedback for a player. */
export const newFeedback: MailTemplate<{ coachName: string; category: string; feedback: string }> = {
  kind: 'feedback',
  policy: { optional: 'feedback' },
  write: ({ coachName, category, feedback }, to) => ({
    subject: `New ${category.toLowerCase()} feedback from ${coachName}`,
    greeting: hello(to),
    paragraphs: [`${coachName} left you ${category.toLowerCase()} feedback:`, feedback],
    action: { label: 'Read your feedback', path: '/players-area/feedback' },
  }),
  samples: [{ coachName: 'Coach Carter', category: 'Training', feedback: 'Great first touch; keep your head up when you pass.' }],
};
