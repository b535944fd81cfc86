/**
 * Who hears of one change to a fixture or training session, and what each is sent (issues 22, 31):
 * one mail per person per change, however many of their children (or of their own places) it
 * affects. A parent's mail names each child and carries each child's one-tap answers; the team's
 * staff get an informational copy that never asks them to confirm again.
 */
import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { availability, eventChanges, fixtureSelections, notifications, players, teamStaff } from '../db/schema';
import { childNames } from '../mail/template';
import { eventChange, type EventChangeMail } from '../mail/templates';
import type { SquadPlaceAnswer } from '../mail/templates/event-change';
import { mailAudience, type Audience } from './juniors/recipients';
import type { MailService } from './mail';
import { squadAnswerPaths } from './squad-links';
import type { AnnouncedEvent } from './event-changes';
import { staffPlaceCounts } from '../policy';
import { todayIso } from '../../shared/players';

type Change = typeof eventChanges.$inferSelect;

/** The players the change is news to: those selected (then or now), those who said they could come. */
function toldAsPlayers(change: Change, event: AnnouncedEvent) {
  const column = event.kind === 'fixture' ? availability.fixture_id : availability.session_id;
  return sql`${players.status} = 'active' and (
      ${change.selected_player_ids.length ? inArray(players.id, change.selected_player_ids) : sql`false`}
      or ${players.id} in (select ${fixtureSelections.player_id} from ${fixtureSelections} where ${fixtureSelections.fixture_id} = ${event.id})
      or ${players.id} in (select ${availability.player_id} from ${availability}
        where ${column} = ${event.id} and ${availability.status} in ('available', 'maybe')))`;
}

/** Each squad place to confirm again, by the user who answers for it: the member, or each parent who may answer. */
async function answersByUser(tx: DbOrTx, mail: MailService, event: AnnouncedEvent) {
  const out = new Map<string, SquadPlaceAnswer[]>();
  if (event.kind !== 'fixture') return out;
  const askAgain = await tx
    .select({ player_id: fixtureSelections.player_id })
    .from(fixtureSelections)
    .where(and(eq(fixtureSelections.fixture_id, event.id), eq(fixtureSelections.reconfirm, true)));
  for (const { player_id } of askAgain) {
    const paths = await squadAnswerPaths(mail, tx, event.id, player_id);
    const audience = await mailAudience(tx, { playerWhere: eq(players.id, player_id) });
    for (const [userId, children] of audience) {
      const child = children.find((c) => c.playerId === player_id);
      // A view-only parent or carer sees the news but does not answer.
      if (child?.viewOnly) continue;
      out.set(userId, [...(out.get(userId) ?? []), { ...(child ? { name: child.firstName } : {}), ...paths }]);
    }
  }
  return out;
}

/** The team's staff with a login whose place counts today, who hear of it only as staff (not also as a player or a parent here). */
async function staffOnly(tx: DbOrTx, event: AnnouncedEvent, asPlayers: Audience) {
  const rows = await tx
    .selectDistinct({ user_id: players.user_id })
    .from(teamStaff)
    .innerJoin(players, eq(players.id, teamStaff.player_id))
    .where(
      and(
        eq(teamStaff.team_id, event.team_id),
        isNotNull(players.user_id),
        eq(players.status, 'active'),
        // Not a junior team's coach whose place is suspended (DBS check not in order, ADR 048).
        sql`exists (select 1 from team_staff ts join teams t on t.id = ts.team_id
          where ts.player_id = ${teamStaff.player_id} and ts.team_id = ${teamStaff.team_id} and ${staffPlaceCounts(todayIso())})`,
      ),
    );
  return rows.map((r) => r.user_id!).filter((id) => !asPlayers.has(id));
}

/** Mails and notifies everyone a change affects, once each, inside the announcing transaction. */
export async function announceChange(tx: DbOrTx, mail: MailService, change: Change, event: AnnouncedEvent) {
  const data: EventChangeMail = { kind: event.kind, title: event.title, before: change.before, after: change.after, changedBy: change.changed_by_name };
  const dedupeKey = `event-change:${change.id}`;
  const told = toldAsPlayers(change, event);
  const asPlayers = await mailAudience(tx, { playerWhere: told });
  const answers = await answersByUser(tx, mail, event);
  // One mail per person: a parent's names every child of theirs it affects, with each child's answers.
  for (const [userId, unsorted] of asPlayers) {
    const children = unsorted.sort((a, b) => a.firstName.localeCompare(b.firstName));
    const mine = answers.get(userId)?.sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));
    await mail.toAudience(tx, new Map([[userId, children]]), { template: eventChange, data: mine ? { ...data, answers: mine } : data, dedupeKey });
  }
  const staff = await staffOnly(tx, event, asPlayers);
  if (staff.length) await mail.toAudience(tx, new Map(staff.map((id) => [id, []])), { template: eventChange, data: { ...data, staffCopy: true }, dedupeKey });
  await notifyChange(tx, { told, asPlayers, staff }, eventChange.write(data, {}), eventChange.write({ ...data, staffCopy: true }, {}));
}

type Note = { subject: string; paragraphs: string[] };

/**
 * One notification each (issue 31): the logins of the players told, the team's staff (in the
 * staff's words), and each parent or carer once, naming their children ("For Aarav and Meera: …").
 */
async function notifyChange(tx: DbOrTx, who: { told: SQL; asPlayers: Audience; staff: string[] }, note: Note, staffNote: Note) {
  const row = (userId: string, n: Note, title = n.subject, link = '/players-area') => ({ user_id: userId, kind: 'event_change', title, body: n.paragraphs.join(' '), link });
  const logins = await tx
    .selectDistinct({ id: players.user_id })
    .from(players)
    .where(and(isNotNull(players.user_id), who.told));
  const rows = new Map(logins.map((l) => [l.id!, row(l.id!, note)]));
  for (const userId of who.staff) rows.set(userId, row(userId, staffNote, staffNote.subject, '/admin/matchweek'));
  for (const [userId, children] of who.asPlayers) {
    if (children.length === 0 || rows.has(userId)) continue;
    const link = children.length === 1 ? `/players-area/children/${children[0]!.playerId}` : '/players-area';
    rows.set(userId, row(userId, note, `For ${childNames(children.map((c) => c.firstName))}: ${note.subject}`, link));
  }
  if (rows.size) await tx.insert(notifications).values([...rows.values()]);
}
