/**
 * The access download (issue 34, UK GDPR Article 15): one ZIP with everything the club holds about
 * the subject(s), driven only by the data map (server/privacy/map), so a table added to the map is
 * in the next download without a change here. `data.json` holds every section; each section with
 * rows is also a CSV; README.txt says what the files are and who the controller is; `files/` holds
 * the files that are theirs (their photo, the documents shared with them alone).
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { DbOrTx } from '../../db/client';
import { documents, players, settings, uploadContents, uploads } from '../../db/schema';
import { DATA_MAP } from '../../privacy/map';
import { EXPORT_SECTIONS, type ExportSection, type MappedTable } from '../../privacy/types';
import { FALLBACK_SETTINGS } from '../../../shared/settings';
import { identityOf } from '../club-identity';
import { IMAGE_URL_PREFIX } from '../images';
import { safeFileName } from '../uploads';
import { exportRowsOf, otherPeoplesNames, tableNameOf, type ExportRow } from './export-rows';
import type { ExportSubject } from './export-subjects';
import { readmeText } from './export-readme';

/** A section's rows, by table. */
export type SectionRows = Record<string, ExportRow[]>;

export interface AccessExport {
  bytes: Uint8Array;
  /** Rows per section (sections without rows left out). */
  counts: Partial<Record<ExportSection, number>>;
  /** The files under files/, by their path in the ZIP. */
  files: string[];
}

/** The controller, as the club's settings name it. */
export async function controllerOf(db: DbOrTx) {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1));
  const identity = identityOf(row);
  return { name: identity.club_name, short_name: identity.short_name, email: row?.club_email || FALLBACK_SETTINGS.club_email };
}

/** Tables read at once: the download answers within seconds without taking every connection. */
const PARALLEL_TABLES = 4;

async function sectionsOf(db: DbOrTx, map: readonly MappedTable[], subjects: readonly ExportSubject[]) {
  const entries = map.filter((e) => e.section && e.about.length > 0);
  const others = await otherPeoplesNames(db, subjects);
  const found: { entry: MappedTable; rows: ExportRow[] }[] = [];
  for (let i = 0; i < entries.length; i += PARALLEL_TABLES) {
    const batch = entries.slice(i, i + PARALLEL_TABLES);
    const rows = await Promise.all(batch.map((entry) => exportRowsOf(db, entry, subjects, others)));
    batch.forEach((entry, j) => found.push({ entry, rows: rows[j] }));
  }
  const sections: Partial<Record<ExportSection, SectionRows>> = {};
  for (const section of EXPORT_SECTIONS) {
    for (const { entry, rows } of found) {
      if (entry.section !== section || rows.length === 0) continue;
      const tables = (sections[section] ??= {});
      tables[tableNameOf(entry)] = rows;
    }
  }
  return sections;
}

const cell = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** One CSV for a section: a `table` column, then every column any of its tables has. */
function sectionCsv(tables: SectionRows): string {
  const columns: string[] = [];
  for (const rows of Object.values(tables)) for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  const records = Object.entries(tables).flatMap(([table, rows]) => rows.map((row) => [table, ...columns.map((c) => cell(row[c]))]));
  return stringify([['table', ...columns], ...records]);
}

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'member';

/** The subjects' photos and the documents shared with them alone, with their bytes. */
async function filesOf(db: DbOrTx, subjects: readonly ExportSubject[]): Promise<Record<string, Uint8Array>> {
  const playerIds = subjects.flatMap((s) => (s.player_id ? [s.player_id] : []));
  if (playerIds.length === 0) return {};
  const files: Record<string, Uint8Array> = {};
  const photos = await db
    .select({ full_name: players.full_name, name: uploads.stored_name, original: uploads.original_name, bytes: uploadContents.bytes })
    .from(players)
    .innerJoin(uploads, eq(players.photo_url, sqlConcat(uploads.stored_name)))
    .innerJoin(uploadContents, eq(uploadContents.upload_id, uploads.id))
    .where(inArray(players.id, playerIds));
  for (const p of photos) files[`files/photo-${slug(p.full_name)}${extensionOf(p.name)}`] = new Uint8Array(p.bytes);
  const shared = await db
    .select({ id: documents.id, title: documents.title, original: uploads.original_name, bytes: uploadContents.bytes })
    .from(documents)
    .innerJoin(uploads, eq(documents.upload_id, uploads.id))
    .innerJoin(uploadContents, eq(uploadContents.upload_id, uploads.id))
    .where(and(inArray(documents.player_id, playerIds), isNotNull(documents.upload_id)));
  for (const d of shared) files[`files/document-${d.id.slice(0, 8)}-${safeFileName(d.original, 'document').replace(/ /g, '_')}`] = new Uint8Array(d.bytes);
  return files;
}

const extensionOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.')) : '');

/** players.photo_url is "/uploads/<stored name>". */
function sqlConcat(storedName: typeof uploads.stored_name) {
  return sql`${IMAGE_URL_PREFIX} || ${storedName}`;
}

/** Builds the ZIP for these subjects from the data map (DATA_MAP unless a test passes another). */
export async function buildAccessExport(
  db: DbOrTx,
  subjects: readonly ExportSubject[],
  options: { generatedAt: Date; map?: readonly MappedTable[] },
): Promise<AccessExport> {
  const [controller, sections, files] = await Promise.all([controllerOf(db), sectionsOf(db, options.map ?? DATA_MAP, subjects), filesOf(db, subjects)]);
  const counts: Partial<Record<ExportSection, number>> = {};
  const zip: Zippable = {};
  for (const [section, tables] of Object.entries(sections) as [ExportSection, SectionRows][]) {
    counts[section] = Object.values(tables).reduce((n, rows) => n + rows.length, 0);
    zip[`${section}.csv`] = strToU8(sectionCsv(tables));
  }
  const data = {
    club: { name: controller.name, email: controller.email },
    generated_at: options.generatedAt.toISOString(),
    subjects: subjects.map((s) => ({ name: s.name })),
    sections,
    files: Object.keys(files),
  };
  zip['data.json'] = strToU8(JSON.stringify(data, null, 2));
  zip['README.txt'] = strToU8(readmeText({ controller, subjects, generatedAt: options.generatedAt, sections: Object.keys(counts) as ExportSection[], files: Object.keys(files) }));
  for (const [path, bytes] of Object.entries(files)) zip[path] = [bytes, { level: 0 }];
  return { bytes: zipSync(zip, { level: 6 }), counts, files: Object.keys(files) };
}

/** The download's name: "<club>-data-<person>-<date>.zip". */
export function exportFileName(clubShortName: string, subjectName: string, today: string) {
  return `${slug(clubShortName)}-data-${slug(subjectName)}-${today}.zip`;
}
