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
import { erasureApi } from './erasure';
import { privacyExportApi } from './export';
import { privacyRequestsApi } from './requests';
import { retentionApi } from './retention';

/** Everything under /api/privacy (chained, so the admin panel's typed client sees every route). */
export const privacyApi = router()
  .route('/', privacyRequestsApi)
  .route('/', privacyExportApi)
  .route('/', erasureApi)
  .route('/', retentionApi);
