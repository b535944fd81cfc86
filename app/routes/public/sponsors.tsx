import { Form, useNavigation } from 'react-router';
import { Link } from '../../components/ui/link';
import { SPONSOR_TIERS, type SponsorTier } from '../../../shared/content-constants';
import type { Sponsor } from '../../../server/services/sponsors';
import { EmptyState, PageHeader } from '../../components/public/empty-state';
import { buttonClass } from '../../components/ui/button';
import { Options } from '../../components/ui/options';
import { club } from '../../../shared/club';
import { pageMeta, siteOrigin } from '../../lib/seo';
import type { PageHandle } from '../../lib/page-scripts';
import type { Route } from './+types/sponsors';
import { SponsorsLoading } from '../../components/public/sponsors-loading';

/** Nothing interactive: sent as HTML and CSS, without React's JavaScript (ADR 025). */
export const handle: PageHandle = { hydrate: false };

export const ALL_CATEGORIES = 'All Categories';
export const NO_SPONSORS = 'No sponsors found';
export const NO_SPONSORS_INVITE = 'We are looking for local businesses to support the club. Could yours be the first?';
export const NO_SPONSORS_IN_CATEGORY = 'No sponsors match the selected category.';
export const PARTNER_BENEFITS = [
  { title: 'Community Impact', text: 'Help keep football open to everyone in our community, whatever their age or ability.' },
  { title: 'Brand Visibility', text: 'Your name on our kit, pitch-side boards, website and social media.' },
  { title: 'Networking', text: 'Meet local people and businesses at match days and club events.' },
];

const sponsorshipMail = (email: string) => `mailto:${email}?subject=${encodeURIComponent('Sponsorship enquiry')}`;

export async function loader({ context, request }: Route.LoaderArgs) {
  const [sponsors, settings] = await Promise.all([context.services.sponsors.list(), context.services.settings.get()]);
  const categories = [...new Set(sponsors.map((s) => s.category))].sort((a, b) => a.localeCompare(b));
  const asked = new URL(request.url).searchParams.get('category');
  const category = asked && asked !== ALL_CATEGORIES ? asked : null;
  return {
    sponsors: category ? sponsors.filter((s) => s.category === category) : sponsors,
    total: sponsors.length,
    categories,
    category,
    clubEmail: settings.club_email,
    origin: siteOrigin(context),
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: 'Sponsors',
    description: `The local businesses that support ${club().club_name}, and how your business can become a partner.`,
    origin: data?.origin,
    path: '/sponsors',
  });

const TIER_HEADINGS: Record<SponsorTier, (count: number) => string> = {
  main: (n) => (n === 1 ? 'Main sponsor' : 'Main sponsors'),
  partner: () => 'Partners',
  supporter: () => 'Supporters',
};

/**
 * One sponsor. The main sponsor's card is the large one: a big logo beside the text on wider
 * screens. Every card sizes to its own content, so a sponsor without a description leaves no gap.
 */
function SponsorCard({ sponsor: s }: { sponsor: Sponsor }) {
  const main = s.tier === 'main';
  return (
    <article
      data-testid="sponsor"
      data-tier={s.tier}
      className={`flex h-full wrap-anywhere rounded-2xl bg-white shadow-sm ring-1 ${
        main ? 'flex-col gap-5 p-6 ring-2 ring-gold-400 sm:flex-row sm:items-center sm:gap-8 sm:p-8' : 'flex-col gap-4 p-4 ring-line sm:flex-row sm:items-center sm:p-5'
      }`}
    >
      <div
        className={`flex shrink-0 items-center justify-center rounded-xl bg-surface ${main ? 'h-40 p-5 sm:h-48 sm:w-80' : tierLogoBox(s.tier)}`}
      >
        <img
          src={s.logo_url}
          alt={`${s.name} logo`}
          width={main ? 320 : 160}
          height={main ? 128 : 64}
          loading={main ? 'eager' : 'lazy'}
          className={`w-full object-contain ${main ? 'h-32 sm:h-36' : 'h-full'}`}
        />
      </div>
      <div className="min-w-0 flex-1">
        <h3 className={`font-bold ${main ? 'text-2xl sm:text-3xl' : 'text-lg'}`}>{s.name}</h3>
        <p className="mt-1 w-fit rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-bold text-brand-800">{s.category}</p>
        {s.description && <p className={`mt-2 text-muted ${main ? 'text-lg' : 'line-clamp-3 text-sm'}`}>{s.description}</p>}
        {s.website_url && (
          <a
            href={s.website_url}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-2 inline-flex min-h-11 items-center gap-1 font-semibold text-brand-800 underline-offset-2 hover:underline"
          >
            Visit Website <span aria-hidden="true">↗</span>
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </div>
    </article>
  );
}

// Phones: the logo is a band across the top of the card; wider screens: a box beside the text.
const tierLogoBox = (tier: SponsorTier) => (tier === 'partner' ? 'h-24 p-3 sm:h-28 sm:w-40' : 'h-20 p-2 sm:w-28');

export default function Sponsors({ loaderData }: Route.ComponentProps) {
  const { sponsors, total, categories, category, clubEmail } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/sponsors';

  return (
    <>
      <PageHeader title="Our Sponsors" intro="The local businesses who keep the club going. Please support them, as they support us." />
      <div className="container-page space-y-6 py-10">
        {categories.length > 1 && (
          <Form method="get" preventScrollReset data-submit-on-change className="flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor="sponsor-category" className="mb-1 block text-sm font-semibold">
                Category
              </label>
              <select
                id="sponsor-category"
                name="category"
                defaultValue={category ?? ALL_CATEGORIES}
                key={category ?? ALL_CATEGORIES}
                className="block min-h-11 rounded-lg border border-line bg-white px-3 pr-8 text-base shadow-sm"
              >
                <option value={ALL_CATEGORIES}>{ALL_CATEGORIES}</option>
                <Options values={categories} />
              </select>
            </div>
            <noscript>
              <button type="submit" className={buttonClass('secondary')}>
                Show
              </button>
            </noscript>
          </Form>
        )}

        {loading ? (
          <SponsorsLoading />
        ) : sponsors.length === 0 ? (
          <EmptyState title={NO_SPONSORS}>
            {total === 0 ? (
              <>
                <p>{NO_SPONSORS_INVITE}</p>
                <a href={sponsorshipMail(clubEmail)} className={buttonClass('primary', 'md', 'mt-4')}>
                  Become a Sponsor
                </a>
              </>
            ) : (
              <p>{NO_SPONSORS_IN_CATEGORY}</p>
            )}
          </EmptyState>
        ) : (
          <div className="space-y-10">
            {SPONSOR_TIERS.map((tier) => {
              const inTier = sponsors.filter((s) => s.tier === tier);
              if (inTier.length === 0) return null;
              const id = `sponsors-${tier}`;
              return (
                <section key={tier} aria-labelledby={id} data-testid={`sponsor-tier-${tier}`}>
                  <h2 id={id} className="border-b-4 border-gold-400 pb-2 text-2xl font-extrabold tracking-tight">
                    {TIER_HEADINGS[tier](inTier.length)}
                  </h2>
                  <ul className={`mt-5 grid gap-4 sm:gap-5 ${tier === 'main' ? '' : tier === 'partner' ? 'lg:grid-cols-2' : 'sm:grid-cols-2 lg:grid-cols-3'}`}>
                    {inTier.map((s) => (
                      <li key={s.id}>
                        <SponsorCard sponsor={s} />
                      </li>
                    ))}
                  </ul>
                </section>
              );
            })}
          </div>
        )}

        <section aria-labelledby="become-partner" className="mt-8 rounded-3xl bg-brand-800 p-8 text-white sm:p-10">
          <h2 id="become-partner" className="text-2xl font-extrabold sm:text-3xl">
            Become a Partner
          </h2>
          <p className="mt-2 max-w-2xl text-brand-100">Sponsoring {club().club_name} puts your business at the heart of the community.</p>
          <ul className="mt-6 grid gap-4 md:grid-cols-3">
            {PARTNER_BENEFITS.map((b) => (
              <li key={b.title} className="rounded-2xl bg-white/10 p-5">
                <h3 className="text-lg font-bold text-gold-400">{b.title}</h3>
                <p className="mt-1 text-brand-50">{b.text}</p>
              </li>
            ))}
          </ul>
          <div className="mt-6 flex flex-wrap gap-3">
            <a href={sponsorshipMail(clubEmail)} className={buttonClass('accent')}>
              Email us about sponsorship
            </a>
            <Link to="/join-us" className={buttonClass('secondary')}>
              Apply through Join Us
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}
