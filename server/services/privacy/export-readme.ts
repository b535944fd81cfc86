/** README.txt of an access download (issue 34): what each file is, who the controller is, how to ask for more. */
import type { ExportSection } from '../../privacy/types';
import type { ExportSubject } from './export-subjects';

/** What each section's CSV holds, in plain words. */
export const SECTION_DESCRIPTIONS: Record<ExportSection, string> = {
  profile: 'the member or player record: name, date of birth, contact and care details',
  account: 'the login: username, e-mail address, when it was set up (never the password)',
  guardianships: 'parents and carers linked to a child, and requests to be linked',
  consents: 'consents given or withdrawn, with their history',
  team_spells: 'the teams played for or helped run, and when',
  availability: 'answers to "can you play?" for matches and training',
  attendance: 'who came to training and matches',
  selections: 'selections for matches, and the published team sheets (your own line only)',
  coach_feedback: 'feedback written by coaches',
  stats: 'goals, appearances and other statistics',
  documents: 'documents the club shared with you alone',
  orders: 'shop orders',
  ledger: 'charges, payments and credits on your account',
  messages: 'messages from the club to you',
  mails: 'e-mails the club sent to you',
  enquiries: 'Join Us enquiries',
  roles_and_audit: 'club roles held, and records of changes made about you',
};

export function readmeText(input: {
  controller: { name: string; email: string };
  subjects: readonly ExportSubject[];
  generatedAt: Date;
  sections: readonly ExportSection[];
  files: readonly string[];
}): string {
  const { controller } = input;
  const who = input.subjects.map((s) => s.name).join(', ');
  const lines = [
    `The personal data ${controller.name} holds about: ${who}`,
    `Made on ${input.generatedAt.toISOString().slice(0, 10)} at ${input.generatedAt.toISOString().slice(11, 16)} UTC.`,
    '',
    'What the files are',
    '- data.json: everything below in one file, section by section and table by table.',
    ...input.sections.map((s) => `- ${s}.csv: ${SECTION_DESCRIPTIONS[s]}.`),
    ...(input.files.length ? ['- files/: your photo and the documents the club shared with you alone.'] : []),
    '',
    'Each CSV file opens in a spreadsheet. Its first column names the table a row comes from.',
    'Where a row is also about other people (a team sheet, for example), only your own part is included.',
    'Passwords and security codes are never included: the club stores them only in a form nobody can read.',
    '',
    'Who is responsible for this data',
    `${controller.name} is the data controller. Contact: ${controller.email}`,
    '',
    'Asking for more',
    `To ask what a record means, to have something corrected or deleted, or to ask how the data is used, e-mail ${controller.email}.`,
    'The club must answer within one calendar month. If you are unhappy with the answer, you can complain to the',
    "Information Commissioner's Office: https://ico.org.uk/make-a-complaint/",
    '',
  ];
  return lines.join('\r\n');
}
