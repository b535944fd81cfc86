import { isIP } from 'node:net';

/**
 * The address a request came from, for per-address limits.
 *
 * Behind our reverse proxy (TRUST_PROXY=1) the proxy appends the address it was reached from to
 * X-Forwarded-For, so the right-most entry is the one we can trust; everything to its left was
 * written by the client and could be anything (finding 16 of issue 30: the left-most entry let
 * anyone dodge every per-address limit). An entry that is not an IP address is ignored, and then
 * the socket's address counts.
 */
export function clientAddressOf(forwardedFor: string | undefined, socketAddress: string | undefined, trustProxy: boolean) {
  if (trustProxy && forwardedFor) {
    const added = forwardedFor.split(',').map((entry) => entry.trim()).filter(Boolean).at(-1);
    if (added && isIP(added)) return added;
  }
  return socketAddress ?? 'unknown';
}
