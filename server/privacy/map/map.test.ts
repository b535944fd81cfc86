import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../../tests/support/api';
import { players } from '../../db/schema';
import { EXPORT_SECTIONS } from '../types';
import { incompleteEntries, readDbTables, unclassifiedColumns, unmappedReferences, unmappedTables, type DbTable } from './check';
import { DATA_MAP, mappedTable, sqlName } from './index';

const { db } = await createTestContext();

type Executor = Pick<typeof db, 'execute'>;
const readerOf = (executor: Executor) => async (text: string) => (await executor.execute(sql.raw(text))).rows;

const dbTables: DbTable[] = await readDbTables(readerOf(db));

describe('the data map (server/privacy/map) against the migrated database', () => {
  it('has exactly one entry for every table, and none for a table that is not there', () => {
    expect(dbTables.length).toBeGreaterThan(50);
    expect(unmappedTables(dbTables, DATA_MAP)).toEqual([]);
  });

  it('classifies every column of every table as personal or other', () => {
    expect(unclassifiedColumns(dbTables, DATA_MAP)).toEqual([]);
  });

  it('lists every column that names a person (a key to users or players, *_user_id, *_player_id, *player_ids) in its `about`', () => {
    expect(unmappedReferences(dbTables, DATA_MAP)).toEqual([]);
  });

  it('gives every table about a person a section and an erasure, and names only columns that exist', () => {
    expect(incompleteEntries(dbTables, DATA_MAP)).toEqual([]);
    for (const entry of DATA_MAP) if (entry.section) expect(EXPORT_SECTIONS).toContain(entry.section);
  });

  it('finds entries by table name', () => {
    expect(sqlName(mappedTable('players').table)).toBe('players');
    expect(() => mappedTable('no_such_table')).toThrow(/no entry in the data map/);
  });

  it('keeps ledger rows and charges under the HMRC basis, and deletes what the issue says goes', () => {
    for (const name of ['ledger_entries', 'charges']) {
      expect(mappedTable(name).erase).toEqual({
        do: 'pseudonymise',
        keep: { reason: 'Accounts are kept for six years after the end of the financial year (HMRC)', until: 'six_years_after_financial_year' },
      });
    }
    for (const name of ['players', 'users', 'consents', 'sessions', 'account_tokens', 'password_reset_tokens', 'notification_preferences', 'feedback', 'child_collectors']) {
      expect(mappedTable(name).erase, name).toEqual({ do: 'delete' });
    }
    expect(mappedTable('payer_references').erase?.do).toBe('detach');
    expect(mappedTable('role_changes').erase?.do).toBe('detach');
  });

  it('fails CI for a new table with a player_id or user_id column and no entry (a throwaway table, rolled back)', async () => {
    const rollback = new Error('rollback');
    let problems: string[] = [];
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql.raw('create table probe (club_id uuid, id uuid primary key, player_id uuid, owner_user_id uuid, note text, foreign key (club_id, owner_user_id) references users (club_id, id))'));
        const withProbe = await readDbTables(readerOf(tx));
        problems = [...unmappedReferences(withProbe, DATA_MAP), ...unmappedTables(withProbe, DATA_MAP)];
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(problems).toContain(
      'Table probe has a player_id column but no entry in the data map (server/privacy/map): say whose data it is, its export section and what erasure does.',
    );
    expect(problems.some((p) => p.startsWith('Table probe has no entry in the data map'))).toBe(true);
    // Rolled back: the database is as it was.
    expect((await readDbTables(readerOf(db))).map((t) => t.name)).toEqual(dbTables.map((t) => t.name));
  });

  it('reports a mapped table whose new person column is missing from `about`, and a new unclassified column', () => {
    const playersTable = dbTables.find((t) => t.name === 'players')!;
    const grown: DbTable[] = [
      ...dbTables.filter((t) => t !== playersTable),
      { ...playersTable, columns: [...playersTable.columns, { name: 'mentor_user_id', type: 'uuid', references: 'users' }, { name: 'shoe_size', type: 'text', references: null }] },
    ];
    expect(unmappedReferences(grown, DATA_MAP).filter((p) => p.startsWith('Table players '))).toEqual([
      "Table players has a mentor_user_id column (a reference to users) that its entry in the data map (server/privacy/map) does not list in `about`: add it (with `by: true` if it only says who did something to someone else's row).",
    ]);
    expect(unclassifiedColumns(grown, DATA_MAP)).toEqual(
      expect.arrayContaining([expect.stringContaining('Column players.shoe_size is not classified'), expect.stringContaining('Column players.mentor_user_id is not classified')]),
    );
  });

  it('catches a uuid[] of player ids by its name and type', () => {
    const table: DbTable = { name: 'squads_of_old', columns: [{ name: 'picked_player_ids', type: '_uuid', references: null }] };
    expect(unmappedReferences([table], DATA_MAP)).toEqual([
      'Table squads_of_old has a picked_player_ids column but no entry in the data map (server/privacy/map): say whose data it is, its export section and what erasure does.',
    ]);
  });
});

describe('the entries themselves', () => {
  it('reports an `about` column taken from another table (a copy-paste slip)', () => {
    const slip = { ...mappedTable('player_stats'), about: [{ player: players.id }] };
    expect(incompleteEntries(dbTables, [slip])).toContain(
      "Table player_stats's `about` in the data map (server/privacy/map) names players.id, a column of another table: name one of its own.",
    );
  });
});
