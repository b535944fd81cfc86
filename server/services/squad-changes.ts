/**
 * Taking a member out of upcoming squads when they stop playing for a team (issue 21): moved to
 * another team, or left the club. Each squad they were in loses them, and that team's staff and
 * the club's admins are told who was taken out of which match, in the same transaction.
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { fixtureSelections, fixtures, teams, users } from '../db/schema';
import { selectionAlert } from '../mail/templates';
import type { SelectionAlertMail } from '../mail/templates/selection-alert';
import { fixtureEvent } from './availability';
import { teamStaffAndAdmins } from './roles';
import type { MailService } from './mail';

const clubToday = sql`(now() at time zone 'Europe/London')::date`;

export type SquadRemovalReason = 'left_team' | 'left_club';

/**
 * Removes the member from the squads of upcoming fixtures (today on) of `teamIds` ('all': every
 * team) and mails each team's staff and the admins, once each; returns the fixtures' ids.
 */
export async function takeOutOfUpcomingSquads(
  tx: DbOrTx,
  mail: MailService,
  member: { id: string; full_name: string },
  teamIds: string[] | 'all',
  reason: SquadRemovalReason,
): Promise<string[]> {
  if (teamIds !== 'all' && teamIds.length === 0) return [];
  const upcoming = tx
    .select({ id: fixtures.id })
    .from(fixtures)
    .where(and(gte(fixtures.match_date, clubToday), teamIds === 'all' ? undefined : inArray(fixtures.team_id, teamIds)));
  const removed = await tx
    .delete(fixtureSelections)
    .where(and(eq(fixtureSelections.player_id, member.id), inArray(fixtureSelections.fixture_id, upcoming)))
    .returning({ fixture_id: fixtureSelections.fixture_id, role: fixtureSelections.role, shirt_number: fixtureSelections.shirt_number });
  if (removed.length === 0) return [];
  const rows = await tx
    .select({ f: fixtures, team: teams.name, lock: teams.availability_lock_hours })
    .from(fixtures)
    .innerJoin(teams, eq(teams.id, fixtures.team_id))
    .where(inArray(fixtures.id, removed.map((r) => r.fixture_id)));
  // One mail per person for the whole change (issue 31): the staff of each team and the admins,
  // each told of every squad of theirs the member was taken out of.
  type Place = NonNullable<SelectionAlertMail['more']>[number];
  const told = new Map<string, Place[]>();
  for (const row of rows) {
    const removedPlace = removed.find((r) => r.fixture_id === row.f.id)!;
    const place: Place = { role: removedPlace.role, shirtNumber: removedPlace.shirt_number, event: fixtureEvent(row.f, row.team, row.lock) };
    for (const { id } of await tx.select({ id: users.id }).from(users).where(teamStaffAndAdmins(row.f.team_id))) told.set(id, [...(told.get(id) ?? []), place]);
  }
  const stamp = Date.now();
  for (const [userId, places] of told) {
    const [first, ...more] = places.sort((a, b) => a.event.date.localeCompare(b.event.date));
    await mail.toUser(tx, userId, {
      template: selectionAlert,
      data: { change: reason, playerName: member.full_name, ...first!, ...(more.length ? { more } : {}) },
      dedupeKey: `selection-${reason}:${member.id}:${stamp}`,
    });
  }
  return removed.map((r) => r.fixture_id);
}
