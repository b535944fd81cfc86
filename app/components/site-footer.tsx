import { Link } from './ui/link';
import type { ClubSettings } from '../../server/services/settings';
import { club } from '../../shared/club';
import { SOCIAL_LINKS, type SocialLinkField } from '../../shared/club';
import { Crest } from './crest';
import { NAV_LINKS } from './site-header';
import { WelfareContact } from './public/welfare-contact';

/** The club's social links (Settings → Club), those it has, in a fixed order. */
function SocialLinks() {
  const identity = club();
  const links = (Object.keys(SOCIAL_LINKS) as SocialLinkField[]).filter((field) => identity[field]);
  if (links.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {links.map((field) => (
        <li key={field}>
          <a href={identity[field]} rel="noopener me" className="inline-flex min-h-11 items-center underline hover:text-white">
            {SOCIAL_LINKS[field].label}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function SiteFooter({ settings }: { settings: ClubSettings }) {
  const identity = club();
  const strapline = identity.strapline && (/[.!?]$/.test(identity.strapline) ? identity.strapline : `${identity.strapline}.`);
  return (
    <footer className="mt-16 border-t-4 border-gold-400 bg-brand-950 text-brand-100">
      <div className="container-page grid gap-8 py-10 sm:grid-cols-2 lg:grid-cols-3">
        <div className="flex items-start gap-3">
          <Crest className="h-16 w-14" />
          <div>
            <p className="font-display text-2xl leading-none font-bold tracking-wide text-white uppercase">{identity.club_name}</p>
            {strapline && <p className="mt-2 text-sm">{strapline}</p>}
            {identity.founded_year && <p className="mt-1 text-sm">Founded {identity.founded_year}</p>}
            <SocialLinks />
          </div>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-bold uppercase tracking-wide text-white">Explore</h2>
          <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-bold uppercase tracking-wide text-white">Contact</h2>
          <address className="mt-3 space-y-2 text-sm not-italic">
            {identity.ground_name && <p className="font-semibold text-white">{identity.ground_name}</p>}
            {settings.club_address && <p>{settings.club_address}</p>}
            {identity.ground_map_url && (
              <p>
                <a href={identity.ground_map_url} rel="noopener" className="underline hover:text-white">
                  Map and directions
                </a>
              </p>
            )}
            <p>
              <a href={`mailto:${settings.club_email}`} className="underline hover:text-white">
                {settings.club_email}
              </a>
            </p>
            <WelfareContact settings={settings} />
          </address>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="container-page flex flex-wrap items-center justify-between gap-x-6 py-1 text-xs text-brand-200">
          <p className="py-3">
            © {new Date().getFullYear()} {identity.club_name}. All rights reserved.
          </p>
          {/* Issue 33: the club's privacy notice, written in Pages. */}
          <Link to="/privacy" className="inline-flex min-h-11 items-center underline hover:text-white">
            Privacy notice
          </Link>
        </div>
      </div>
    </footer>
  );
}
