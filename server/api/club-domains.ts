/**
 * A club's own web addresses on a hosted install (issue 36, point 5): /api/club-domains for the
 * club's admins (server/services/club-domains.ts), and /api/hosting/domain-check, which Caddy's
 * on-demand TLS asks before it fetches a certificate for a host (README, "Hosting many clubs").
 */
import { createRoute, z } from '@hono/zod-openapi';
import { AddClubDomainSchema, ClubDomainCheckSchema, ClubDomainListSchema, ClubDomainSchema } from '../../shared/contracts/club-domains';
import { hostName } from '../tenancy/host';
import { router } from './env';
import { ErrorSchema, guardedAnswers, jsonBody, jsonContent } from './openapi';

const tags = ['Club domains'];
const guarded = guardedAnswers('Not an admin of the club');
const noHosting = jsonContent(ErrorSchema, 'Not this club’s domain, or this install is not hosting clubs (no HOSTING_DOMAIN): it has no own addresses');

/** The domain named in the path: any string (one that is not the club's is simply not there, 404). */
const DomainParam = z.object({
  domain: z
    .string()
    .max(300)
    .openapi({ param: { name: 'domain', in: 'path' }, example: 'www.yourclub.org' }),
});

export const clubDomainsApi = router()
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      operationId: 'listClubDomains',
      tags,
      summary: 'The club’s address here and its own domains, with the DNS records each needs (admins, hosted installs)',
      security: [{ bearer: [] }],
      responses: { 200: jsonContent(ClubDomainListSchema, 'Oldest first'), ...guarded, 404: noHosting },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').clubDomains.list(c.get('user')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      operationId: 'addClubDomain',
      tags,
      summary: 'Add a domain the club owns (admins, hosted installs): not verified until its TXT record is found',
      description:
        'The domain alone (www.yourclub.org): lower-cased, international names in their xn-- form. Refused with 422: a scheme, a path, ' +
        'a port, an IP address, a name without a public top level, or a name under this install’s HOSTING_DOMAIN. 409: the club has it ' +
        'already, has the most it may have (5), or another club has added it (an unverified claim is freed after 7 days).',
      security: [{ bearer: [] }],
      request: { body: jsonBody(AddClubDomainSchema) },
      responses: {
        201: jsonContent(ClubDomainSchema, 'Added: publish its two DNS records, then check'),
        ...guarded,
        404: noHosting,
        409: jsonContent(ErrorSchema, 'Added already, too many, or another club’s'),
        422: jsonContent(ErrorSchema, 'Not a domain the club could own'),
      },
    }),
    async (c) => c.json(await c.get('services').clubDomains.add(c.get('user'), c.req.valid('json').domain), 201),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{domain}/check',
      operationId: 'checkClubDomain',
      tags,
      summary: 'Check now: look the domain’s TXT record up and verify the domain when it holds its code (admins, hosted installs)',
      description: 'Always 200 when the domain is the club’s: `detail` says what DNS answered, `domain.verified` whether it now serves the club.',
      security: [{ bearer: [] }],
      request: { params: DomainParam },
      responses: { 200: jsonContent(ClubDomainCheckSchema, 'What DNS said'), ...guarded, 404: noHosting },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').clubDomains.check(c.get('user'), c.req.valid('param').domain), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{domain}',
      operationId: 'removeClubDomain',
      tags,
      summary: 'Remove one of the club’s domains (admins, hosted installs): it stops showing the club at once',
      security: [{ bearer: [] }],
      request: { params: DomainParam },
      responses: { 200: jsonContent(ErrorSchema, 'Removed'), ...guarded, 404: noHosting },
    }),
    async (c) => c.json(await c.get('services').clubDomains.remove(c.get('user'), c.req.valid('param').domain), 200),
  );

/** What the certificate check answers for a host that is no club's here. */
export const NOT_SERVED_HERE = 'No club is served at this address here.';

export const hostingDomainCheckApi = router().openapi(
  createRoute({
    method: 'get',
    path: '/domain-check',
    operationId: 'checkHostingDomain',
    tags: ['Hosting'],
    summary: 'May a certificate be fetched for this host? (Caddy’s on_demand_tls ask)',
    description:
      '200 for a club’s address ({slug}.{HOSTING_DOMAIN} of a club that exists, suspended or not: its notice needs a certificate too) ' +
      'and for a club’s verified domain; 404 for anything else: an unverified or unknown domain, a malformed name, no `domain`, or an ' +
      'install without HOSTING_DOMAIN (a single-club install names its address in Caddy’s configuration). Asked on any host, without ' +
      'signing in, answered from the host → club memory (no DNS lookups).',
    security: [],
    request: { query: z.object({ domain: z.string().optional().openapi({ example: 'www.yourclub.org' }) }) },
    responses: {
      200: jsonContent(z.object({ domain: z.string() }), 'A club is served at this host: yes'),
      404: jsonContent(ErrorSchema, 'No club is served at this host: no'),
    },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    const resolver = c.get('clubs');
    const asked = c.req.valid('query').domain ?? '';
    // A host name alone (Caddy sends the name of the TLS handshake); the resolver looks up only names shaped as a club's could be.
    const host = asked.length <= 300 && !/[/:@?#%\\\s]/.test(asked) ? hostName(asked) : '';
    if (!host || !resolver?.hostingDomain || !(await resolver.clubForHost(host))) return c.json({ detail: NOT_SERVED_HERE }, 404);
    return c.json({ domain: host }, 200);
  },
);
