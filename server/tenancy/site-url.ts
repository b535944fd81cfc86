/**
 * The address links in a club's mails start with (ADR 065): on a hosted install the current club's
 * own host, `{slug}.{HOSTING_DOMAIN}`, with PUBLIC_URL's scheme and port; otherwise PUBLIC_URL.
 */
import { currentClubSlug } from './context';

export function clubSiteUrl(publicUrl: string, hostingDomain: string | undefined): string {
  const slug = hostingDomain ? currentClubSlug() : undefined;
  if (!slug) return publicUrl;
  const { protocol, port } = new URL(publicUrl);
  return `${protocol}//${slug}.${hostingDomain}${port ? `:${port}` : ''}`;
}
