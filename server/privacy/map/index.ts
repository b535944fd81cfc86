/**
 * The data map (issue 34, docs/decisions/059-one-data-map.md): every table of the database, once,
 * with whose data its rows are, the access download's section, and what erasure does. The export,
 * the erasure and retention are all driven by it; map.test.ts fails when a table or a column of
 * the database is missing here. One file per schema area.
 */
import { getTableName } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { About, Erasure, MappedTable } from '../types';
import { ACCOUNTS_MAP } from './accounts';
import { AVAILABILITY_MAP } from './availability';
import { CLUB_MAP } from './club';
import { BY_REASON, detach } from './common';
import { CONTENT_MAP } from './content';
import { ERASURE_MAP } from './erasure';
import { JUNIORS_MAP } from './juniors';
import { MAIL_MAP } from './mail';
import { PORTAL_MAP } from './portal';
import { PRIVACY_DOWNLOADS_MAP } from './privacy-downloads';
import { RETENTION_MAP } from './retention';
import { SHOP_MAP } from './shop';
import { SQUAD_MAP } from './squad';
import { TEAMS_MAP } from './teams';
import { TREASURY_MAP } from './treasury';

export { HMRC } from './common';

export const DATA_MAP: readonly MappedTable[] = [
  ...ACCOUNTS_MAP,
  ...SQUAD_MAP,
  ...JUNIORS_MAP,
  ...TEAMS_MAP,
  ...AVAILABILITY_MAP,
  ...TREASURY_MAP,
  ...PORTAL_MAP,
  ...CONTENT_MAP,
  ...MAIL_MAP,
  ...SHOP_MAP,
  ...CLUB_MAP,
  ...ERASURE_MAP,
  ...PRIVACY_DOWNLOADS_MAP,
  ...RETENTION_MAP,
];

/** A table's name in SQL ("players"). */
export function sqlName(table: PgTable): string {
  return getTableName(table);
}

const BY_NAME = new Map(DATA_MAP.map((entry) => [sqlName(entry.table), entry]));

/** The entry for a table by its SQL name; throws for a table the map does not know. */
export function mappedTable(name: string): MappedTable {
  const entry = BY_NAME.get(name);
  if (!entry) throw new Error(`Table ${name} has no entry in the data map (server/privacy/map)`);
  return entry;
}

/** What an `about` holds, flattened: how the column names a person, the column, and whether it is only "who did it". */
export interface AboutColumn {
  kind: 'player' | 'user' | 'email' | 'playerInArray' | 'userInArray';
  column: AnyPgColumn;
  /** The column's SQL name. */
  name: string;
  by: boolean;
}

export function aboutColumn(about: About): AboutColumn {
  const by = about.by === true;
  const of = (kind: AboutColumn['kind'], column: AnyPgColumn): AboutColumn => ({ kind, column, name: column.name, by });
  if ('player' in about) return of('player', about.player);
  if ('user' in about) return of('user', about.user);
  if ('email' in about) return of('email', about.email);
  if ('playerInArray' in about) return of('playerInArray', about.playerInArray);
  return of('userInArray', about.userInArray);
}

/** The columns that make a row the subject's own (not merely "who did it"): what the export selects by. */
export function subjectColumns(entry: MappedTable): AboutColumn[] {
  return entry.about.map(aboutColumn).filter((a) => !a.by);
}

/** The "who did it" columns: erasure sets them null where they name the subject. */
export function byColumns(entry: MappedTable): AboutColumn[] {
  return entry.about.map(aboutColumn).filter((a) => a.by);
}

/** What erasure does to a row through one of its `about` columns: a `by` column is always detached. */
export function erasureThrough(entry: MappedTable, about: AboutColumn): Erasure | undefined {
  return about.by ? detach(BY_REASON) : entry.erase;
}
