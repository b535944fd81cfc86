/**
 * The player domain's inputs for the pages' actions, which validate a form as the API does. They are
 * declared in shared/contracts/players.ts beside the answers; a contract carries the OpenAPI
 * generator, so pages reach it only through this server-only module (ADR 034), never the browser.
 */
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- server-only: the browser never loads this module (ADR 034).
export { profileUpdateSchema, registrationSchema } from '../../shared/contracts/players';
