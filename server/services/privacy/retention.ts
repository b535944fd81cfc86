/**
 * Retention that runs itself (issue 34, point 5): the club's choices for each rule, what is due at
 * a moment, and purging it, by the lead's approval or by the nightly job for a rule set to
 * automatic. Every purge is one transaction that lists again what is due and removes exactly
 * that, under an advisory lock per rule (two processes purge once), and writes the log.
 * Every time is passed in (`now`), so tests move the clock forward.
 */
import { desc, eq } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import {
  retentionApproveSchema,
  retentionRuleInputSchema,
  type RetentionLogEntry,
  type RetentionPurge,
  type RetentionRule,
} from '../../../shared/contracts/retention';
import { conflict, invalidFields, notFound } from '../../../shared/errors';
import { isRetentionRuleKey, periodOutOfBounds, RETENTION_RULE_KEYS, RETENTION_RULES, retentionCount, retentionSummary, type RetentionRuleKey } from '../../../shared/retention';
import type { SessionUser } from '../../../shared/roles';
import type { Db, DbOrTx } from '../../db/client';
import { retentionLog, retentionRules } from '../../db/schema';
import { mayHandlePersonalData, must } from '../../policy';
import { parseInput } from '../checks';
import { assertCurrentVersion, versionOf } from '../edit-version';
import { RULE_FINDERS, type DueItem } from './retention-due';
import type { RetentionActor } from './retention-erase';

export const RETENTION_RULE_NOT_FOUND = 'No such retention rule';
export const RETENTION_LOG_SIZE = 100;

type ChoiceRow = typeof retentionRules.$inferSelect;

export interface RuleChoice {
  key: RetentionRuleKey;
  period: number;
  automatic: boolean;
  row: ChoiceRow | undefined;
}

/** Each rule as the club set it: its stored choice, or the default (not automatic). */
export async function ruleChoices(tx: DbOrTx): Promise<RuleChoice[]> {
  const rows = await tx.select().from(retentionRules);
  return RETENTION_RULE_KEYS.map((key) => {
    const row = rows.find((r) => r.key === key);
    return { key, period: row?.period ?? RETENTION_RULES[key].default_period, automatic: row?.automatic ?? false, row };
  });
}

/** What each rule finds due at `now`, rule by rule. */
export async function due(tx: DbOrTx, now: Date): Promise<Array<RuleChoice & { items: DueItem[] }>> {
  const choices = await ruleChoices(tx);
  const out = [];
  for (const choice of choices) out.push({ ...choice, items: await RULE_FINDERS[choice.key].find(tx, choice.period, now) });
  return out;
}

const rowsIn = (items: DueItem[]) => items.reduce((n, i) => n + i.rows, 0);

/** How many rows are due at `now`, all rules together (the Today page's card). */
export const dueRows = async (tx: DbOrTx, now: Date) => (await due(tx, now)).reduce((n, r) => n + rowsIn(r.items), 0);

/**
 * Purges what `key` finds due at `now`, in one transaction, and logs it (nothing due: no entry).
 * `expectRows`: the number a confirmation named; if the list changed since, 409 and nothing goes.
 */
export async function purge(db: Db, key: RetentionRuleKey, by: RetentionActor, now: Date, expectRows?: number): Promise<RetentionPurge> {
  return db.transaction(async (tx) => {
    // One purge of a rule at a time, across processes: the second lists again and finds it done.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`retention:${key}`}))`);
    const choice = (await ruleChoices(tx)).find((c) => c.key === key)!;
    const items = await RULE_FINDERS[key].find(tx, choice.period, now);
    const listed = rowsIn(items);
    if (expectRows !== undefined && expectRows !== listed)
      throw conflict(`The list changed since you opened it: ${retentionCount(key, listed)} now due. Nothing was deleted; check the list and try again.`);
    if (!items.length) return { rows: 0, summary: retentionSummary(key, 0) };
    const rows = await RULE_FINDERS[key].remove(tx, items, choice.period, now, by);
    const summary = retentionSummary(key, rows);
    await tx.insert(retentionLog).values({ rule: key, rows, automatic: by === null, approved_by_id: by?.id ?? null, approved_by: by?.name ?? null, summary, purged_at: now });
    return { rows, summary };
  });
}

/** The nightly job: purges every rule set to automatic; the others wait on the lead's list. */
export async function runRetention(db: Db, now: Date) {
  const done: Array<{ key: RetentionRuleKey } & RetentionPurge> = [];
  for (const choice of await ruleChoices(db)) {
    if (choice.automatic) done.push({ key: choice.key, ...(await purge(db, choice.key, null, now)) });
  }
  return done;
}

function keyOf(key: string): RetentionRuleKey {
  if (!isRetentionRuleKey(key)) throw notFound(RETENTION_RULE_NOT_FOUND);
  return key;
}

const toRule = (choice: RuleChoice & { items: DueItem[] }): RetentionRule => {
  const { title, reason, counted_from, unit, default_period, min, max } = RETENTION_RULES[choice.key];
  return {
    key: choice.key,
    title,
    reason,
    counted_from,
    unit,
    period: choice.period,
    default_period,
    min,
    max,
    automatic: choice.automatic,
    version: choice.row ? versionOf(choice.row.updated_at) : '',
    updated_by: choice.row?.updated_by ?? null,
    updated_at: choice.row?.updated_at.toISOString() ?? null,
    due: choice.items.map(({ label, rows }) => ({ label, rows })),
    due_rows: rowsIn(choice.items),
  };
};

/** The lead's side (mayHandlePersonalData): the rules with what is due, changing them, approving a purge, the log. */
export function createRetentionService(db: Db) {
  return {
    async rules(user: SessionUser | null, now = new Date()): Promise<RetentionRule[]> {
      await must(db, user, mayHandlePersonalData);
      return (await due(db, now)).map(toRule);
    },

    /** Changes a rule's period and whether it purges automatically; a stale save answers 409 naming who and when. */
    async save(user: SessionUser | null, rawKey: string, input: unknown, now = new Date()): Promise<RetentionRule> {
      const actor = await must(db, user, mayHandlePersonalData);
      const key = keyOf(rawKey);
      const { period, automatic, version } = parseInput(retentionRuleInputSchema, input);
      const { min, max } = RETENTION_RULES[key];
      if (period < min || period > max) throw invalidFields([{ field: 'period', message: periodOutOfBounds(key) }]);
      const values = { period, automatic, updated_by: actor.name, updated_by_id: actor.id, updated_at: now };
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(retentionRules).where(eq(retentionRules.key, key)).for('update');
        if (current) {
          assertCurrentVersion('retention rule', current, version);
          await tx.update(retentionRules).set(values).where(eq(retentionRules.key, key));
          return;
        }
        const [made] = await tx
          .insert(retentionRules)
          .values({ key, ...values })
          .onConflictDoNothing()
          .returning();
        if (made) return;
        // Someone saved the rule's first choice in the same instant: theirs stands.
        const [theirs] = await tx.select().from(retentionRules).where(eq(retentionRules.key, key));
        assertCurrentVersion('retention rule', theirs, version ?? '');
      });
      return (await this.rules(user, now)).find((r) => r.key === key)!;
    },

    /** The lead approves a rule's purge in bulk: exactly what is due now goes, and the log says who approved it. */
    async approve(user: SessionUser | null, rawKey: string, input: unknown, now = new Date()): Promise<RetentionPurge> {
      const actor = await must(db, user, mayHandlePersonalData);
      const key = keyOf(rawKey);
      const { rows } = parseInput(retentionApproveSchema, input ?? {});
      return purge(db, key, { id: actor.id, name: actor.name }, now, rows);
    },

    async log(user: SessionUser | null): Promise<RetentionLogEntry[]> {
      await must(db, user, mayHandlePersonalData);
      const rows = await db.select().from(retentionLog).orderBy(desc(retentionLog.purged_at)).limit(RETENTION_LOG_SIZE);
      return rows.map((r) => ({
        id: r.id,
        rule: r.rule,
        rows: r.rows,
        automatic: r.automatic,
        approved_by: r.approved_by,
        summary: r.summary,
        purged_at: r.purged_at.toISOString(),
      }));
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
