/**
 * The published squad's mails (issues 22, 31): each player picked hears once, with one-tap links;
 * a parent or carer gets ONE mail however many of their children are picked, naming each child
 * with their role, shirt and answers. A re-publish mails only those new to the squad.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { players } from '../../db/schema';
import { squadSelection, type SquadSelectionChild } from '../../mail/templates/squad-selection';
import { mailAudience } from '../juniors/recipients';
import type { MailService } from '../mail';
import { squadAnswerPaths } from '../squad-links';
import type { AvailabilityEvent } from '../availability';
import type { SelectionRole } from '../../../shared/availability';

interface Picked {
  player_id: string;
  role: SelectionRole;
  shirt_number: number;
}

/** Mails those newly picked (not in `alreadyPublished`); returns how many mails were written. */
export async function mailNewlyPicked(tx: DbOrTx, mail: MailService, event: AvailabilityEvent, rows: Picked[], alreadyPublished: string[]) {
  const byParent = new Map<string, Array<SquadSelectionChild & { playerId: string; viewOnly?: boolean }>>();
  let mailed = 0;
  for (const r of rows.filter((row) => !alreadyPublished.includes(row.player_id))) {
    const answerPaths = await squadAnswerPaths(mail, tx, event.id, r.player_id);
    for (const [userId, children] of await mailAudience(tx, { playerWhere: eq(players.id, r.player_id) })) {
      const child = children.find((c) => c.playerId === r.player_id);
      if (!child) {
        // The member's own place (an adult, or a 16-17 year old who may be mailed): in their own words.
        const data = { event, role: r.role, shirtNumber: r.shirt_number, answerPaths };
        mailed += await mail.toAudience(tx, new Map([[userId, []]]), { template: squadSelection, data, dedupeKey: `selection:${event.id}:${r.player_id}` });
        continue;
      }
      const entry = { name: child.firstName, role: r.role, shirtNumber: r.shirt_number, answerPaths, playerId: r.player_id, viewOnly: child.viewOnly };
      byParent.set(userId, [...(byParent.get(userId) ?? []), entry]);
    }
  }
  for (const [userId, unsorted] of byParent) {
    const children = unsorted.sort((a, b) => a.name.localeCompare(b.name));
    const [first] = children;
    const data = { event, role: first!.role, shirtNumber: first!.shirtNumber, answerPaths: first!.answerPaths, children };
    const audience = new Map([[userId, children.map((c) => ({ playerId: c.playerId, firstName: c.name, viewOnly: c.viewOnly }))]]);
    const ids = children.map((c) => c.playerId).sort().join('+');
    mailed += await mail.toAudience(tx, audience, { template: squadSelection, data, dedupeKey: `selection:${event.id}:${ids}` });
  }
  return mailed;
}
