/** The access download from the portal (issue 34): what it holds, in one sentence beside its button. */
export const OWN_DATA_SENTENCE =
  'A ZIP file with everything the club holds about you: your profile, teams, availability, attendance, payments, messages and more, as a spreadsheet per section and one data file.';
export const childDataSentence = (firstName: string) =>
  `A ZIP file with everything the club holds about ${firstName}: their profile, consents, teams, availability, attendance, messages and more, as a spreadsheet per section and one data file.`;
