/** createSquadService: builds the squad's context and joins the use cases below into one service. */
import type { Db } from '../../db/client';
import type { MailService } from '../mail';
import { squadHelpers, type SquadContext } from './context';
import { manageSquad } from './manage';
import { roster } from './roster';

export type { AdminPlayer, PlayerStats, PublicPlayer } from '../../../shared/contracts/players';
export { PLAYER_NOT_FOUND } from '../../../shared/players';
export { ageOn, toAdminPlayer, toPublicPlayer } from './context';

/** The squad: public to read; admins add, edit and remove players (staff may read the admin list). */
export function createSquadService(db: Db, deps: { mail: MailService }) {
  const ctx: SquadContext = { db, mail: deps.mail, ...squadHelpers(db) };
  return { ...roster(ctx), ...manageSquad(ctx) };
}
