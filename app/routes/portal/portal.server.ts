import { logPageWarning } from '../../lib/log.server';
import { isDomainError } from '../../../shared/errors';

/**
 * Portal reads never break the page (docs/product.md#players-area: a failed read is logged and its section shows empty).
 * "No player linked" is expected for staff and admins and is not worth a warning.
 */
export async function portalRead<T>(what: string, read: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!(isDomainError(error) && error.kind === 'not_found')) {
      logPageWarning(`Players' portal: could not load ${what}`, error);
    }
    return fallback;
  }
}
