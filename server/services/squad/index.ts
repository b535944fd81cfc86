/** createSquadService: the public roster (the squad list and one player's public profile). The admin's player records are the player domain's (services/players/manage.ts). */
import type { Db } from '../../db/client';
import type { MailService } from '../mail';
import { squadHelpers, type SquadContext } from './context';
import { roster } from './roster';

export type { PlayerStats, PublicPlayer } from '../../../shared/contracts/players';
export { PLAYER_NOT_FOUND } from '../../../shared/players';
export { ageOn, toPublicPlayer } from './context';

/** The squad: public to read. */
export function createSquadService(db: Db, deps: { mail: MailService }) {
  const ctx: SquadContext = { db, mail: deps.mail, ...squadHelpers(db) };
  return roster(ctx);
}
