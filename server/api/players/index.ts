/**
 * /api/players, one home (issue 32): every router under /players is mounted here, once, and
 * server/api/index.ts mounts this one. The admin's records (/players/{id}) go last: a router with
 * literal paths (/players/me, /players/register, /players/{id}/stats …) must come before them, or
 * "me" and "register" would be taken as a player's id. Mounting order is registration order, which
 * is also the order of the paths in the OpenAPI document.
 *
 *   registration.ts  POST /players/register; the secretary's /admin/registrations
 *   me.ts            /players/me…: the signed-in player's own records
 *   admin.ts         the admin's records: /players, /players/{id}, their stats, payments and feedback; /admin/create-player-account
 *   membership.ts    /players/{id}/leave, /return, /erasure
 *   beside them, in their own areas' files: my availability, a child's records (children.ts),
 *   who may collect a child (match-day.ts) and a child's events (child-events.ts).
 */
import { myAvailabilityApi } from '../availability';
import { childEventsApi } from '../child-events';
import { childApi } from '../children';
import { router } from '../env';
import { collectorsApi } from '../match-day';
import { playerAccountsApi, playerAdminApi, playerRecordsApi } from './admin';
import { myPlayerApi } from './me';
import { membershipApi } from './membership';
import { playerRegistrationApi, registrationsApi } from './registration';

/** Everything under /api/players, in the order that matters (above). */
export const playersApi = router()
  .route('/', myAvailabilityApi)
  .route('/', playerRegistrationApi)
  .route('/', myPlayerApi)
  .route('/', playerRecordsApi)
  .route('/', membershipApi)
  .route('/', childApi)
  .route('/', collectorsApi)
  .route('/', childEventsApi)
  .route('/', playerAdminApi);

/** The player domain's routes under /api/admin: a login for a player, and the registrations waiting for approval. */
export const playersAdminApi = router().route('/', playerAccountsApi).route('/', registrationsApi);
