/**
 * Who hears of one change to a fixture or training session, and what each is sent (issues 22, 31):
 * one mail per person per change, however many of their children (or of their own places) it
 * affects. A parent's mail names each child and carries each child's one-tap answers; the team's
 * staff get an informational copy that never asks them to confirm again.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { availability, eventChanges, fixtureSelections, notifications, players, teamStaff, users } from '../db/schema';
import { eventChange, type EventChangeMail } from '../mail/templates';
import type { SquadPlaceAnswer } from '../mail/templates/event-change';
import { mailAudience, type Audience } from './juniors/recipients';
import type { MailService } from './mail';
import { squadAnswerPaths } from './squad-links';
import type { AnnouncedEvent } from './event-changes';

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

/** The team's staff with a login who hear of it only as staff (not also as a player or a parent here). */
async function staffOnly(tx: DbOrTx, event: AnnouncedEvent, asPlayers: Audience) {
  const rows = await tx
    .selectDistinct({ user_id: players.user_id })
    .from(teamStaff)
    .innerJoin(players, eq(players.id, teamStaff.player_id))
    .where(and(eq(teamStaff.team_id, event.team_id), isNotNull(players.user_id), eq(players.status, 'active')));
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
  for (const [userId, children] of asPlayers) {
    const mine = answers.get(userId);
    await mail.toAudience(tx, new Map([[userId, children]]), { template: eventChange, data: mine ? { ...data, answers: mine } : data, dedupeKey });
  }
  const staff = await staffOnly(tx, event, asPlayers);
  if (staff.length) await mail.toAudience(tx, new Map(staff.map((id) => [id, []])), { template: eventChange, data: { ...data, staffCopy: true }, dedupeKey });
  // One notification each for those with a login of their own among the players told, and the staff.
  const note = eventChange.write(data, {});
  const audience = sql`${users.id} in (select ${players.user_id} from ${players} where ${players.user_id} is not null and (${told}
    or ${players.id} in (select ${teamStaff.player_id} from ${teamStaff} where ${teamStaff.team_id} = ${event.team_id})))`;
  await tx.execute(sql`
    insert into ${notifications} (user_id, kind, title, body, link)
    select ${users.id}, 'event_change', ${note.subject}, ${note.paragraphs.join(' ')}, ${'/players-area'} from ${users} where ${audience}`);
}
