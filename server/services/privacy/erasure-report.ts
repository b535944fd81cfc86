/** The erasure's answer (preview and result alike): per section, in plain words, what goes and what is kept until when. */
import type { ExportSection } from '../../privacy/types';
import type { StepKind } from './erasure-plan';

export interface TableCount {
  table: string;
  section: ExportSection | null;
  kind: StepKind;
  rows: number;
  reason: string | null;
  kept_until: string | null;
}

export interface ErasureSection {
  section: string;
  label: string;
  deleted: number;
  pseudonymised: number;
  detached: number;
  mentions: number;
  /** Plain-words lines: "12 rows kept for the accounts until 31 August 2033 under the name Former member 7f3a". */
  lines: string[];
}

export interface ErasureReport {
  pseudonym: string;
  people: string[];
  sections: ErasureSection[];
  /** Per table: { deleted, pseudonymised, detached, mentions }. */
  tables: Record<string, Record<string, number>>;
  uploads_removed: number;
  /** The latest day any kept row is kept until (null when nothing is kept). */
  kept_until: string | null;
}

export const SECTION_LABELS: Record<string, string> = {
  profile: 'Profile',
  account: 'Login and account',
  guardianships: 'Parents and carers',
  consents: 'Consents',
  team_spells: 'Teams',
  availability: 'Availability',
  attendance: 'Training attendance',
  selections: 'Team selections',
  coach_feedback: 'Coach feedback',
  stats: 'Statistics',
  documents: 'Documents',
  orders: 'Shop orders',
  ledger: 'Payments and accounts',
  messages: 'Messages and notifications',
  mails: 'Mails',
  enquiries: 'Join Us enquiries',
  roles_and_audit: 'Roles and records of changes',
  other: 'Other records',
};

/** What a row of each table is, in the words the club uses (the erasure's lines never name a table). */
const TABLE_WORDS: Record<string, string> = {
  users: 'Login',
  sessions: 'Signed-in sessions',
  club_roles: 'Club roles',
  role_changes: 'Records of role changes',
  account_tokens: 'Account links sent by e-mail',
  access_changes: 'Records of logins switched off or on',
  calendar_tokens: 'Calendar feed links',
  login_throttle: 'Failed sign-in counters',
  players: 'Member record (with photo, medical notes and emergency contact)',
  player_stats: 'Season statistics',
  guardians: 'Links between parents or carers and children',
  guardian_invitations: 'Invitations to parents or carers',
  guardian_requests: '"I am a parent" requests',
  consents: 'Consents and their history',
  medical_note_reads: 'Records of who read medical notes',
  child_collectors: 'Who may collect a child',
  dbs_checks: 'DBS check status',
  dbs_notices: 'DBS reminders sent',
  junior_notices: 'Junior notices sent',
  player_teams: 'Places in teams',
  team_staff: 'Places on team staffs',
  training_sessions: 'Training sessions',
  training_attendance: 'Training attendance',
  availability: 'Availability answers',
  availability_reminders: 'Availability reminders sent',
  fixture_selections: 'Places in match squads',
  selection_publications: 'Published team sheets',
  selection_versions: 'Saved team sheets',
  event_changes: 'Announcements of changed matches and sessions',
  payer_references: 'Payment reference',
  payment_plans: 'Payment plans',
  charges: 'Charges',
  bank_imports: 'Bank statement imports',
  bank_lines: 'Bank statement lines',
  ledger_entries: 'Payments and other ledger entries',
  charge_overdue_marks: 'Overdue marks',
  feedback: 'Coach feedback',
  documents: 'Documents shared only with them',
  messages: 'Messages',
  message_reads: 'Records of messages read',
  notifications: 'Notifications',
  join_us_submissions: 'Join Us enquiries',
  outbox: 'Mails',
  password_reset_tokens: 'Password reset links',
  notification_preferences: 'Mail preferences',
  orders: 'Shop orders',
  privacy_requests: 'Data requests',
  privacy_request_downloads: 'Records of data downloads',
  erasures: 'Records of erasures',
  retention_rules: 'Retention rules',
  retention_log: 'Records of retention deletions',
  fixtures: 'Matches',
  news: 'News stories',
  club_pages: 'Club pages',
};

/** The words for a table's rows (a table added later without words reads as its name, in words). */
export const tableWords = (table: string) => TABLE_WORDS[table] ?? table.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

export function longDate(iso: string) {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

function lineOf(count: TableCount, pseudonym: string): string {
  const what = tableWords(count.table);
  switch (count.kind) {
    case 'deleted':
      return `${what}: ${count.rows} deleted`;
    case 'pseudonymised':
      return `${what}: ${count.rows} kept${count.kept_until ? ` until ${longDate(count.kept_until)}` : ''} under the name ${pseudonym}. ${count.reason ?? ''}`.trim();
    case 'detached':
      return `${what}: ${count.rows} kept without their name, which becomes ${pseudonym}. ${count.reason ?? ''}`.trim();
    case 'mentions':
      return `${what}: their name replaced by ${pseudonym} in ${count.rows} of other people's records`;
  }
}

export function erasureReport(pseudonym: string, people: string[], counts: TableCount[], uploadsRemoved: number): ErasureReport {
  const sections = new Map<string, ErasureSection>();
  const tables: ErasureReport['tables'] = {};
  let keptUntil: string | null = null;
  for (const count of counts) {
    const key = count.section ?? 'other';
    const section = sections.get(key) ?? { section: key, label: SECTION_LABELS[key] ?? key, deleted: 0, pseudonymised: 0, detached: 0, mentions: 0, lines: [] };
    section[count.kind] += count.rows;
    section.lines.push(lineOf(count, pseudonym));
    sections.set(key, section);
    tables[count.table] = { ...tables[count.table], [count.kind]: (tables[count.table]?.[count.kind] ?? 0) + count.rows };
    if (count.kept_until && (!keptUntil || count.kept_until > keptUntil)) keptUntil = count.kept_until;
  }
  if (uploadsRemoved > 0) {
    const section = sections.get('documents') ?? { section: 'documents', label: SECTION_LABELS.documents, deleted: 0, pseudonymised: 0, detached: 0, mentions: 0, lines: [] };
    section.lines.push(`${uploadsRemoved === 1 ? '1 file' : `${uploadsRemoved} files`} (photos and documents) deleted`);
    sections.set('documents', section);
  }
  const order = [...Object.keys(SECTION_LABELS)];
  return {
    pseudonym,
    people,
    sections: [...sections.values()].sort((a, b) => order.indexOf(a.section) - order.indexOf(b.section)),
    tables,
    uploads_removed: uploadsRemoved,
    kept_until: keptUntil,
  };
}
