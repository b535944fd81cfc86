/**
 * A club's own web address on a hosted install (issue 36, point 5): what a club admin may type, the
 * DNS records they publish, and the limits. Pure, so the server's rules and the Settings panel's
 * texts are the same ones (server/services/club-domains.ts, app/components/admin/club-domain-panel.tsx).
 */

/** The TXT record that proves a domain is the club's: `_clubsite-verify.<domain>` holds its code. */
export const VERIFY_RECORD_LABEL = '_clubsite-verify';
export const verifyRecordName = (domain: string) => `${VERIFY_RECORD_LABEL}.${domain}`;

/** Own addresses a club may have at once (e.g. yourclub.org, www.yourclub.org, yourclub.co.uk and its www). */
export const MAX_DOMAINS_PER_CLUB = 5;

/** A domain another club added and never verified is freed for anyone after this many days (no squatting). */
export const UNVERIFIED_CLAIM_DAYS = 7;

/** The longest host name DNS allows, and its longest label. */
export const DOMAIN_MAX_LENGTH = 253;
const LABEL_MAX_LENGTH = 63;
const LABEL = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;

/** Top-level names no public certificate authority issues for: never a club's web address. */
const PRIVATE_TOP_LEVELS = new Set(['localhost', 'local', 'test', 'invalid', 'example', 'internal', 'arpa', 'onion', 'home', 'lan', 'corp', 'intranet']);

export const DOMAIN_EXAMPLE = 'www.yourclub.org';
export const DOMAIN_PROBLEMS = {
  empty: `Type your club’s web address, like ${DOMAIN_EXAMPLE}.`,
  scheme: `Type the address alone, without http:// or https://, like ${DOMAIN_EXAMPLE}.`,
  path: `Type the address alone, without a path or anything after it, like ${DOMAIN_EXAMPLE}.`,
  port: `Type the address without a port number, like ${DOMAIN_EXAMPLE}.`,
  ip: `Use a domain name, not an IP address, like ${DOMAIN_EXAMPLE}.`,
  characters: `That is not a web address: use letters, digits, hyphens and dots, like ${DOMAIN_EXAMPLE}.`,
  tooLong: `That address is too long: at most ${DOMAIN_MAX_LENGTH} characters, and at most ${LABEL_MAX_LENGTH} between two dots.`,
  notPublic: `Use a full domain name your club owns, like ${DOMAIN_EXAMPLE}.`,
  hostingDomain: (hostingDomain: string) => `Addresses ending in ${hostingDomain} belong to this site: add a domain your club owns.`,
} as const;

export type DomainReading = { domain: string; problem?: undefined } | { domain?: undefined; problem: string };

/** A host name as browsers send it: lower case, international names in their ASCII (xn--) form, no trailing dot; '' if none. */
function asciiHost(name: string): string {
  try {
    return new URL(`http://${name}`).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return '';
  }
}

/** Whether `name` (already lower case, ASCII) has the shape of a public domain name: labels, a top level that is a word, no IP. */
export function looksLikePublicDomain(name: string): boolean {
  if (!name || name.length > DOMAIN_MAX_LENGTH) return false;
  const labels = name.split('.');
  if (labels.length < 2 || labels.some((label) => label.length > LABEL_MAX_LENGTH || !LABEL.test(label))) return false;
  const top = labels[labels.length - 1]!;
  return !/^[0-9]+$/.test(top) && !PRIVATE_TOP_LEVELS.has(top);
}

/** Whether `name` is the hosting domain or under it (a club's own `{slug}.{hosting}` address). */
export const isUnderHostingDomain = (name: string, hostingDomain: string) => name === hostingDomain || name.endsWith(`.${hostingDomain}`);

/**
 * What a club admin typed, as the domain it names, or the problem with it (one sentence for people).
 * Refuses a scheme, a path, a port, an IP address, a name without a public top level, and the
 * hosting domain's own names.
 */
export function readOwnDomain(typed: string, hostingDomain: string | undefined): DomainReading {
  const text = typed.trim();
  if (!text) return { problem: DOMAIN_PROBLEMS.empty };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return { problem: DOMAIN_PROBLEMS.scheme };
  if (/[/?#\\]/.test(text)) return { problem: DOMAIN_PROBLEMS.path };
  if (text.startsWith('[') || /^[0-9a-f]*:[0-9a-f]*:/i.test(text)) return { problem: DOMAIN_PROBLEMS.ip };
  if (text.includes(':')) return { problem: DOMAIN_PROBLEMS.port };
  if (/[\s@%*_'"<>`{}|^]/.test(text)) return { problem: DOMAIN_PROBLEMS.characters };
  const name = asciiHost(text);
  if (!name) return { problem: DOMAIN_PROBLEMS.characters };
  if (name.length > DOMAIN_MAX_LENGTH || name.split('.').some((label) => label.length > LABEL_MAX_LENGTH)) return { problem: DOMAIN_PROBLEMS.tooLong };
  if (/^[0-9.]+$/.test(name)) return { problem: DOMAIN_PROBLEMS.ip };
  if (name.split('.').some((label) => !LABEL.test(label))) return { problem: DOMAIN_PROBLEMS.characters };
  if (hostingDomain && isUnderHostingDomain(name, hostingDomain)) return { problem: DOMAIN_PROBLEMS.hostingDomain(hostingDomain) };
  if (!looksLikePublicDomain(name)) return { problem: DOMAIN_PROBLEMS.notPublic };
  return { domain: name };
}

/** The records a club publishes at its DNS provider for one of its domains. */
export interface DnsRecord {
  type: 'CNAME' | 'TXT';
  name: string;
  value: string;
}

/** The CNAME that sends the domain's visitors here, and the TXT record that proves it is the club's. */
export const recordsFor = (domain: string, clubHost: string, token: string): DnsRecord[] => [
  { type: 'CNAME', name: domain, value: clubHost },
  { type: 'TXT', name: verifyRecordName(domain), value: token },
];
