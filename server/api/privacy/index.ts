/**
 * /api/privacy (issue 34): personal-data requests, their access download and their erasure, and
 * the retention schedule. One router per part, mounted here once:
 *
 *   requests.ts   POST/GET /privacy/requests, a request's page, its extension and completion
 *   export.ts     GET /privacy/requests/{id}/export; a member's and a parent's own download
 *   erasure.ts    POST /privacy/requests/{id}/erasure-preview, /erase
 *   retention.ts  the retention rules, what is due, approving a purge
 */
import { router } from '../env';
import { retentionApi } from './retention';

/** Everything under /api/privacy. */
export const privacyApi = router().route('/', retentionApi);
