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

const rows = (n: number) => (n === 1 ? '1 row' : `${n} rows`);

export function longDate(iso: string) {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

function lineOf(count: TableCount, pseudonym: string): string {
  switch (count.kind) {
    case 'deleted':
      return `${rows(count.rows)} deleted (${count.table.replace(/_/g, ' ')})`;
    case 'pseudonymised':
      return `${rows(count.rows)} kept${count.kept_until ? ` until ${longDate(count.kept_until)}` : ''} under the name ${pseudonym} (${count.table.replace(/_/g, ' ')}): ${count.reason ?? ''}`;
    case 'detached':
      return `${rows(count.rows)} kept without their name, which becomes ${pseudonym} (${count.table.replace(/_/g, ' ')}): ${count.reason ?? ''}`;
    case 'mentions':
      return `Their name replaced by ${pseudonym} in ${rows(count.rows)} of other people's records (${count.table.replace(/_/g, ' ')})`;
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
