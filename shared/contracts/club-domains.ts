import { z } from '@hono/zod-openapi';
import { DOMAIN_EXAMPLE, MAX_DOMAINS_PER_CLUB } from '../club-domains';

/** A DNS record the club publishes for one of its domains (shared/club-domains.ts recordsFor). */
export const DnsRecordSchema = z
  .object({
    type: z.enum(['CNAME', 'TXT']),
    name: z.string().openapi({ example: `_clubsite-verify.${DOMAIN_EXAMPLE}` }),
    value: z.string(),
  })
  .openapi('DnsRecord');

/** One of the club's own web addresses, with the records that make it work. */
export const ClubDomainSchema = z
  .object({
    domain: z.string().openapi({ example: DOMAIN_EXAMPLE }),
    verified: z.boolean(),
    verified_at: z.string().nullable().openapi({ format: 'date-time' }),
    created_at: z.string().openapi({ format: 'date-time' }),
    records: z.array(DnsRecordSchema).openapi({ description: 'A CNAME of the domain to the club’s address here, and the TXT record holding its code' }),
  })
  .openapi('ClubDomain');

/** GET /api/club-domains: the club's own address here, and its domains (at most `most`). */
export const ClubDomainListSchema = z
  .object({
    address: z.string().openapi({ description: 'The club’s address on this install, {slug}.{HOSTING_DOMAIN}: the CNAMEs point here' }),
    most: z.number().int().openapi({ example: MAX_DOMAINS_PER_CLUB }),
    domains: z.array(ClubDomainSchema),
  })
  .openapi('ClubDomainList');

/** POST /api/club-domains: the domain as typed (the server reads it: shared/club-domains.ts readOwnDomain). */
export const AddClubDomainSchema = z.object({ domain: z.string().max(300).openapi({ example: DOMAIN_EXAMPLE }) });

/** POST /api/club-domains/{domain}/check: what DNS said, and the domain as it now stands. */
export const ClubDomainCheckSchema = z.object({ detail: z.string(), domain: ClubDomainSchema }).openapi('ClubDomainCheck');

export type ClubDomain = z.infer<typeof ClubDomainSchema>;
export type ClubDomainList = z.infer<typeof ClubDomainListSchema>;
