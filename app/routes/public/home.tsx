import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/public/empty-state';
import { FixtureCard } from '../../components/public/fixture-card';
import { NewsCard } from '../../components/public/news-card';
import { CLUB_NAME, CLUB_STRAPLINE } from '../../lib/club';
import { pageMeta, siteOrigin } from '../../lib/seo';
import type { PageHandle } from '../../lib/page-scripts';
import type { Route } from './+types/home';

/** Nothing interactive: sent as HTML and CSS, without React's JavaScript (ADR 025). */
export const handle: PageHandle = { hydrate: false };

/** SPEC section 9: 2 upcoming fixtures, 2 results, 3 news items, 6 sponsors. */
export const HOME_UPCOMING = 2;
export const HOME_RESULTS = 2;
export const HOME_NEWS = 3;
export const HOME_SPONSORS = 6;
export const NO_UPCOMING = 'No upcoming fixtures scheduled';
export const NO_RESULTS = 'No recent results available';

export async function loader({ context, request }: Route.LoaderArgs) {
  const { fixtures, news, sponsors } = context.services;
  const [upcoming, results, latestNews, sponsorList] = await Promise.all([
    fixtures.list({ status: 'upcoming', limit: HOME_UPCOMING, fromToday: true }),
    fixtures.list({ status: 'completed', limit: HOME_RESULTS }),
    news.listPublished({ limit: HOME_NEWS }),
    sponsors.list({ limit: HOME_SPONSORS }),
  ]);
  return { upcoming, results, latestNews, sponsors: sponsorList, origin: siteOrigin(request) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    description: `${CLUB_NAME}: ${CLUB_STRAPLINE}. Fixtures, results, news, the squad and the club shop.`,
    origin: data?.origin,
    path: '/',
  });

const QUICK_LINKS = [
  { to: '/fixtures', title: 'Fixtures & Results', text: 'When and where we play next, and how we got on.', icon: 'M8 2v3M16 2v3M3 9h18M5 5h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Z' },
  { to: '/squad', title: 'Squad & Staff', text: 'Meet the players and the volunteers who run the club.', icon: 'M17 20v-2a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v2M10 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM21 20v-2a4 4 0 0 0-3-3.9M16 2.1a4 4 0 0 1 0 7.8' },
  { to: '/news', title: 'Club News', text: 'Match reports, club announcements and events.', icon: 'M4 4h12v16H6a2 2 0 0 1-2-2V4ZM16 8h4v10a2 2 0 0 1-2 2h-2M8 8h4M8 12h4M8 16h4' },
  { to: '/shop', title: 'Club Shop', text: 'Kit, training wear and supporters’ gear.', icon: 'M6 2 3 6v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6l-3-4H6ZM3 6h18M16 10a4 4 0 0 1-8 0' },
];

function SectionHeading({ id, title, to, linkText }: { id: string; title: string; to: string; linkText: string }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-2">
      <h2 id={id} className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">
        {title}
      </h2>
      <Link to={to} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
        {linkText} <span aria-hidden="true">→</span>
      </Link>
    </div>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { upcoming, results, latestNews, sponsors } = loaderData;
  return (
    <>
      <section className="bg-gradient-to-br from-brand-800 to-brand-950 text-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:py-24">
          <p className="font-semibold uppercase tracking-wide text-gold-400">{CLUB_STRAPLINE}</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl">{CLUB_NAME}</h1>
          <p className="mt-5 max-w-2xl text-lg text-brand-100">
            Whatever your age, fitness or experience, there is a place for you on our pitch. Come and play, volunteer or
            cheer us on.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/join-us" variant="accent" size="lg">
              Join the club
            </ButtonLink>
            <ButtonLink to="/fixtures" variant="secondary" size="lg">
              See fixtures
            </ButtonLink>
          </div>
        </div>
      </section>

      <section aria-labelledby="quick-links" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="quick-links" className="sr-only">
          Quick links
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {QUICK_LINKS.map((card) => (
            <li key={card.to}>
              <Link to={card.to} className="flex h-full gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line hover:ring-brand-700">
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-8 shrink-0 text-brand-700" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                  <path d={card.icon} />
                </svg>
                <span>
                  <span className="block text-lg font-bold text-brand-800">{card.title}</span>
                  <span className="mt-1 block text-sm text-muted">{card.text}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <div className="mx-auto grid max-w-7xl gap-12 px-4 lg:grid-cols-2">
        <section aria-labelledby="upcoming-fixtures" className="space-y-4">
          <SectionHeading id="upcoming-fixtures" title="Upcoming Fixtures" to="/fixtures?filter=upcoming" linkText="All fixtures" />
          {upcoming.length === 0 ? (
            <EmptyState title={NO_UPCOMING} />
          ) : (
            <ul className="space-y-3">
              {upcoming.map((f) => (
                <li key={f.id}>
                  <FixtureCard fixture={f} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="recent-results" className="space-y-4">
          <SectionHeading id="recent-results" title="Recent Results" to="/fixtures?filter=results" linkText="All results" />
          {results.length === 0 ? (
            <EmptyState title={NO_RESULTS} />
          ) : (
            <ul className="space-y-3">
              {results.map((f) => (
                <li key={f.id}>
                  <FixtureCard fixture={f} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <section aria-labelledby="join-cta" className="mx-auto mt-14 max-w-7xl px-4">
        <div className="flex flex-col items-start gap-6 rounded-3xl bg-gold-400 p-8 text-brand-950 sm:p-10 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="join-cta" className="text-2xl font-extrabold sm:text-3xl">
              Fancy a game? Everyone is welcome.
            </h2>
            <p className="mt-2 max-w-2xl text-brand-950/90">
              Players of every ability, volunteers and local sponsors keep this club going. Tell us how you'd like to get
              involved and we'll be in touch.
            </p>
          </div>
          <ButtonLink to="/join-us" size="lg" className="shrink-0">
            Join Us
          </ButtonLink>
        </div>
      </section>

      {latestNews.length > 0 && (
        <section aria-labelledby="latest-news" className="mx-auto mt-14 max-w-7xl space-y-4 px-4">
          <SectionHeading id="latest-news" title="Latest News" to="/news" linkText="All news" />
          <ul className="grid gap-6 md:grid-cols-3">
            {latestNews.map((article) => (
              <li key={article.id}>
                <NewsCard article={article} />
              </li>
            ))}
          </ul>
        </section>
      )}

      {sponsors.length > 0 && (
        <section aria-labelledby="our-sponsors" className="mx-auto mt-14 max-w-7xl space-y-4 px-4">
          <SectionHeading id="our-sponsors" title="Our Sponsors" to="/sponsors" linkText="Meet our sponsors" />
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
            {sponsors.map((s) => (
              <li key={s.id} className="flex items-center justify-center rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line">
                <img src={s.logo_url} alt={s.name} width={160} height={80} loading="lazy" className="h-16 w-full object-contain" />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
