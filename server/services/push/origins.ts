/**
 * Where push messages may go, and who the site says it is to the push services (issue 35). A
 * subscription's endpoint is an address the browser gives, but a member could type any; the server
 * only ever calls the real push services' origins (and those PUSH_ALLOWED_ORIGINS adds), so it can
 * never be made to send requests into the club's own network.
 */

/** The push services of the browsers people use: Chrome/Edge on Android and desktop (FCM), Firefox, Safari, Windows. */
export const PUSH_SERVICE_ORIGINS = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://*.push.services.mozilla.com',
  'https://web.push.apple.com',
  'https://*.notify.windows.com',
] as const;

export const MAX_ENDPOINT_LENGTH = 2048;

/** Host names that never reach the site's operator: Apple answers 403 BadJwtToken for them. */
function unreachableHost(host: string) {
  const h = host.toLowerCase().replace(/\.$/, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return 'a localhost address';
  if (h === 'invalid' || h.endsWith('.invalid')) return 'an .invalid address';
  if (!h.includes('.')) return 'an address without a real domain';
  return undefined;
}

/**
 * Why a VAPID subject would be refused, or undefined when it is a real `mailto:` or `https:`
 * address: the push services use it to reach whoever runs the site.
 */
export function vapidSubjectProblem(subject: string): string | undefined {
  const example = 'e.g. mailto:secretary@yourclub.org.uk or https://yourclub.org.uk';
  let url: URL;
  try {
    url = new URL(subject);
  } catch {
    return `VAPID_SUBJECT must be a mailto: or https: address (${example}), not "${subject}"`;
  }
  let host: string;
  if (url.protocol === 'mailto:') {
    const match = /^([^\s@/?#]+)@([^\s@/?#]+)$/.exec(decodeURIComponent(url.pathname));
    if (!match) return `VAPID_SUBJECT must be a mailto: address with one e-mail address (${example}), not "${subject}"`;
    host = match[2];
  } else if (url.protocol === 'https:') {
    host = url.hostname;
  } else {
    return `VAPID_SUBJECT must start with mailto: or https: (${example}), not "${subject}"`;
  }
  const why = unreachableHost(host.replace(/^\[|\]$/g, ''));
  return why ? `VAPID_SUBJECT must be an address the push services can reach, not ${why} ("${subject}"; ${example})` : undefined;
}

/** PUSH_ALLOWED_ORIGINS: origins (scheme, host and port, nothing more) separated by commas. */
export function parseAllowedOrigins(value: string): { origins: string[]; problem?: string } {
  const origins: string[] = [];
  for (const part of value.split(',').map((p) => p.trim()).filter(Boolean)) {
    let url: URL | undefined;
    try {
      url = new URL(part);
    } catch {
      url = undefined;
    }
    const bare = part.replace(/\/$/, '');
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== bare) {
      return { origins: [], problem: `PUSH_ALLOWED_ORIGINS must be origins separated by commas, e.g. https://push.example.org,https://localhost:8443 ("${part}" is not one)` };
    }
    origins.push(url.origin);
  }
  return { origins };
}

function originMatches(pattern: string, url: URL) {
  const star = pattern.indexOf('*.');
  if (star < 0) return url.origin === pattern;
  const scheme = pattern.slice(0, star);
  const suffix = pattern.slice(star + 1); // ".push.services.mozilla.com"
  return `${url.protocol}//` === scheme && url.port === '' && url.hostname.endsWith(suffix) && url.hostname.length > suffix.length;
}

/** Whether the server may send to this endpoint: on a real push service's origin, or one PUSH_ALLOWED_ORIGINS adds. */
export function endpointAllowed(endpoint: string, extraOrigins: readonly string[] = []): boolean {
  if (endpoint.length > MAX_ENDPOINT_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return [...PUSH_SERVICE_ORIGINS, ...extraOrigins].some((pattern) => originMatches(pattern, url));
}
