/**
 * The search of a database dump (issue 34): every row of every table as JSON, searched for the
 * given pieces of text, case-insensitively. The privacy family's test proves its texts are all
 * there; the erasure test proves they are gone (but for what the law keeps). Uploaded files' bytes
 * are stored as bytea (hex in a JSON dump), so `searchUploads` searches them, and the uploads' names.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { uploadContents, uploads } from '../../server/db/schema';

export interface SearchHit {
  table: string;
  needle: string;
}

/** The database's own tables (schema public). */
export async function tablesOf(db: Db): Promise<string[]> {
  const result = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return result.rows.map((r) => r.name);
}

/** As the needle appears inside a JSON string (row_to_json escapes quotes, backslashes and control characters). */
const asInJson = (needle: string) => JSON.stringify(needle).slice(1, -1).toLowerCase();

/** Every (table, needle) where some row of the table, as JSON text, contains the needle (ignoring case). */
export async function searchDatabase(db: Db, needles: readonly string[]): Promise<SearchHit[]> {
  const wanted = [...new Set(needles)];
  const forms = wanted.map(asInJson);
  const hits: SearchHit[] = [];
  for (const table of await tablesOf(db)) {
    const result = await db.execute<{ i: number }>(sql`
      select n.i::int as i from json_array_elements_text(${JSON.stringify(forms)}::json) with ordinality as n(needle, i)
      where exists (select 1 from ${sql.identifier(table)} t where strpos(lower(row_to_json(t)::text), n.needle) > 0)`);
    for (const row of result.rows) hits.push({ table, needle: wanted[Number(row.i) - 1]! });
  }
  return hits;
}

/** Every (upload_contents | uploads, needle) where an upload's bytes (as UTF-8) or its original file name contain the needle (ignoring case). */
export async function searchUploads(db: Db, needles: readonly string[]): Promise<SearchHit[]> {
  const wanted = [...new Set(needles)];
  const hits: SearchHit[] = [];
  const contents = await db.select({ bytes: uploadContents.bytes }).from(uploadContents);
  const names = await db.select({ name: uploads.original_name }).from(uploads);
  const texts = contents.map((c) => c.bytes.toString('utf8').toLowerCase());
  const lowerNames = names.map((n) => n.name.toLowerCase());
  for (const needle of wanted) {
    const lower = needle.toLowerCase();
    if (texts.some((t) => t.includes(lower))) hits.push({ table: 'upload_contents', needle });
    if (lowerNames.some((n) => n.includes(lower))) hits.push({ table: 'uploads', needle });
  }
  return hits;
}
