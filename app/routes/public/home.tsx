import type { ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router';
import { Link } from '../../components/ui/link';
import { ButtonLink, buttonClass } from '../../components/ui/button';
import { ParentsOfJuniors } from '../../components/public/parents-of-juniors';
import { OutcomeBadge, scoreLine } from '../../components/public/fixture-card';
import { NewsCard } from '../../components/public/news-card';
import { ClubText } from '../../components/public/club-text';
import type { Fixture } from '../../../server/services/fixtures';
import type { loader as rootLoader } from '../../root';
import { club, wordmarkParts } from '../../../shared/club';
import { relativeKickoff } from '../../lib/countdown';
import { matchOutcome, playedOnly } from '../../lib/fixtures';
import { pageMeta, siteOrigin } from '../../lib/seo';
import type { PageHandle } from '../../lib/page-scripts';
import type { Route } from './+types/home';
import { formatKickoff, formatMatchDate, kickoffInstant } from '../../../shared/dates';

/** Nothing interactive: sent as HTML and CSS, without React's JavaScript (ADR 025). */
export const handle: PageHandle = { hydrate: false };

/** docs/product.md#home: the next match and the latest result lead the page, then 3 news items, then 6 sponsors. */
export const HOME_UPCOMING = 1;
export const HOME_RESULTS = 1;
export const HOME_NEWS = 3;
export const HOME_SPONSORS = 6;
export const NO_UPCOMING = 'No upcoming fixtures scheduled';
export const NO_RESULTS = 'No recent results available';

/** The shipped placeholder photo (scripts/hero-image.mjs), until the admin sets hero_image_url. */
export const HERO_IMAGE = { src: '/images/hero-pitch-1600.webp', srcSet: '/images/hero-pitch-800.webp 800w, /images/hero-pitch-1600.webp 1600w' };

export async function loader({ context }: Route.LoaderArgs) {
  const { fixtures, news, sponsors } = context.services;
  const [upcoming, results, latestNews, sponsorList] = await Promise.all([
    fixtures.list({ status: 'upcoming', limit: HOME_UPCOMING, fromToday: true }),
    fixtures.list({ status: 'completed', limit: HOME_RESULTS }),
    news.listPublished({ limit: HOME_NEWS }),
    sponsors.list({ limit: HOME_SPONSORS }),
  ]);
  // The welcome under the club's name is the club's own words (issue 33: Pages in the admin panel).
  const welcome = (await context.services.clubPages.get('welcome')).html;
  return { upcoming, results, latestNews, sponsors: sponsorList, welcome, origin: siteOrigin(context) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    description: `${club().club_name}${club().strapline ? `: ${club().strapline.replace(/[.!?]$/, '')}` : ''}. Fixtures, results, news, the squad and the club shop.`,
    origin: data?.origin,
    path: '/',
  });

/** Home and away side, in the order they are printed on a team sheet. */
function sides(fixture: Fixture) {
  return fixture.is_home ? [club().short_name, fixture.away_team] : [fixture.away_team, club().short_name];
}

/**
 * The two match panels' looks: the next match stands out on the club's dark blue (and takes the
 * wider column), the latest result sits on white beside it.
 */
const PANEL_LOOKS = {
  dark: {
    className: 'rounded-2xl border-t-4 border-gold-400 bg-brand-900 p-5 text-white shadow-xl ring-1 ring-black/5 sm:p-7 lg:col-span-3',
    headClassName: 'flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1',
    titleClassName: 'text-lg tracking-widest text-gold-300 uppercase',
  },
  light: {
    className: 'flex flex-col rounded-2xl border-t-4 border-brand-700 bg-white p-5 shadow-xl ring-1 ring-line sm:p-7 lg:col-span-2',
    headClassName: 'flex items-center justify-between gap-3',
    titleClassName: 'text-lg tracking-widest text-brand-700 uppercase',
  },
};

/** A home page match panel: its titled head (with an extra on the right) over its body; `id` also names it for the tests. */
function MatchPanel({
  id,
  title,
  look,
  aside,
  children,
}: {
  id: string;
  title: string;
  look: keyof typeof PANEL_LOOKS;
  aside: ReactNode;
  children: ReactNode;
}) {
  const { className, headClassName, titleClassName } = PANEL_LOOKS[look];
  return (
    <section aria-labelledby={id} data-testid={id} className={className}>
      <div className={headClassName}>
        <h2 id={id} className={titleClassName}>
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

function NextMatch({ fixture }: { fixture: Fixture | undefined }) {
  const kickoff = fixture ? kickoffInstant(fixture.match_date, fixture.match_time) : null;
  const [home, away] = fixture ? sides(fixture) : [];
  return (
    <MatchPanel
      id="next-match"
      title="Next Match"
      look="dark"
      aside={
        fixture && (
          <p className="text-sm text-brand-100">
            <span className="font-semibold text-white">{fixture.team}</span> · {fixture.competition}
          </p>
        )
      }
    >
      {!fixture || !kickoff ? (
        <p className="mt-4 text-lg font-semibold">{NO_UPCOMING}</p>
      ) : (
        <>
          <p className="mt-3 font-display text-3xl leading-tight font-bold tracking-wide wrap-anywhere uppercase sm:text-4xl">
            {home} <span className="px-1 text-xl text-gold-300">v</span> {away}
          </p>
          <dl className="mt-5 grid gap-4 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-brand-200">Kick-off</dt>
              <dd className="mt-0.5 text-base font-semibold">
                <time dateTime={kickoff.toISOString()}>{formatKickoff(kickoff)}</time>
              </dd>
            </div>
            <div>
              <dt className="text-brand-200">Venue</dt>
              <dd className="mt-0.5 text-base font-semibold wrap-anywhere">
                {fixture.venue} <span className="font-normal text-brand-100">({fixture.is_home ? 'Home' : 'Away'})</span>
              </dd>
            </div>
            <div>
              <dt className="text-brand-200">Countdown</dt>
              {/* Rendered now, refreshed by public/js/header.js (the page may come from the cache). */}
              <dd
                className="mt-0.5 font-display text-2xl leading-none font-bold tracking-wide text-gold-300"
                data-countdown={kickoff.toISOString()}
                suppressHydrationWarning
              >
                {relativeKickoff(kickoff)}
              </dd>
            </div>
          </dl>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={`/fixtures/${fixture.id}`} className={buttonClass('accent', 'md')}>
              Match details
              <span className="sr-only">
                : {home} v {away}
              </span>
            </Link>
            <a
              href={`/calendar/fixtures/${fixture.id}.ics`}
              download
              className={buttonClass('ghost', 'md', 'text-white ring-1 ring-white/40 ring-inset hover:bg-white/10')}
            >
              Add to calendar
            </a>
          </div>
        </>
      )}
    </MatchPanel>
  );
}

function LatestResult({ fixture }: { fixture: Fixture | undefined }) {
  const score = fixture ? scoreLine(fixture) : null;
  const outcome = fixture ? matchOutcome(fixture) : null;
  const played = fixture ? playedOnly(fixture) : null;
  const [home, away] = fixture ? sides(fixture) : [];
  return (
    <MatchPanel id="latest-result" title="Latest Result" look="light" aside={outcome && <OutcomeBadge outcome={outcome} />}>
      {!fixture ? (
        <p className="mt-4 text-lg font-semibold">{NO_RESULTS}</p>
      ) : (
        <>
          <div className="mt-4 grid grid-cols-[1fr_auto_1fr] items-center gap-3 text-center">
            <p className="font-display text-lg leading-tight font-bold tracking-wide wrap-anywhere uppercase sm:text-xl">{home}</p>
            <p className="rounded-lg bg-brand-900 px-3 py-1 font-display text-3xl font-bold whitespace-nowrap text-white tabular-nums sm:text-4xl">
              <span aria-hidden="true">{score ?? played ?? 'v'}</span>
              <span className="sr-only">{score ? `Final score ${score}` : played ? 'Played' : 'Score to come'}</span>
            </p>
            <p className="font-display text-lg leading-tight font-bold tracking-wide wrap-anywhere uppercase sm:text-xl">{away}</p>
          </div>
          <p className="mt-4 text-center text-sm text-muted">
            {played ? 'Played' : 'Full Time'} · {fixture.team} · {formatMatchDate(fixture.match_date)} · {fixture.competition}
          </p>
          <Link
            to={`/fixtures/${fixture.id}`}
            className="mt-auto inline-flex min-h-11 items-center gap-1 self-center pt-4 font-semibold text-brand-800 underline-offset-2 hover:underline"
          >
            {fixture.match_report ? 'Read the match report' : 'Match details'}
            <span className="sr-only">
              : {home} {score} {away}
            </span>{' '}
            <span aria-hidden="true">→</span>
          </Link>
        </>
      )}
    </MatchPanel>
  );
}

/**
 * A home page strip of the first few of something (news, sponsors): its heading with a link to the
 * full page, over their list; nothing at all when there are none.
 */
function HomeStrip<T extends { id: string | number }>({
  id,
  title,
  to,
  linkText,
  className,
  items,
  listClassName,
  itemClassName,
  children,
}: {
  id: string;
  title: string;
  to: string;
  linkText: string;
  className: string;
  items: readonly T[];
  listClassName: string;
  itemClassName?: string;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id} className={className}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id={id} className="text-3xl text-ink uppercase sm:text-4xl">
          {title}
        </h2>
        <Link to={to} className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-800 underline-offset-2 hover:underline">
          {linkText} <span aria-hidden="true">→</span>
        </Link>
      </div>
      <ul className={listClassName}>
        {items.map((item) => (
          <li key={item.id} className={itemClassName}>
            {children(item)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The club's own headline (Settings → Club), or its name with a suffix like "FC" in the secondary colour. */
function HeroHeadline() {
  const { home_headline, club_name } = club();
  if (home_headline) return <>{home_headline}</>;
  const [main, suffix] = wordmarkParts(club_name);
  return (
    <>
      {main}
      {suffix && <span className="text-gold-400"> {suffix}</span>}
    </>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { upcoming, results, latestNews, sponsors, welcome } = loaderData;
  const heroUrl = useRouteLoaderData<typeof rootLoader>('root')?.settings.hero_image_url;
  return (
    <>
      <section className="relative isolate overflow-hidden bg-brand-950 text-white">
        {/* The photo is decoration: the words carry the message. Its box is the section's, so it moves nothing as it loads. */}
        <img
          src={heroUrl || HERO_IMAGE.src}
          srcSet={heroUrl ? undefined : HERO_IMAGE.srcSet}
          sizes="100vw"
          width={1600}
          height={900}
          alt=""
          fetchPriority="high"
          className="absolute inset-0 -z-20 size-full object-cover object-[70%_center]"
        />
        <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-r from-brand-950/95 via-brand-950/75 to-brand-950/20" />
        <div aria-hidden="true" className="absolute inset-x-0 bottom-0 -z-10 h-1/3 bg-gradient-to-t from-brand-950/80 to-transparent" />
        <div className="container-page pt-8 pb-20 sm:pt-20 sm:pb-28 lg:pt-24 lg:pb-32">
          {club().strapline && <p className="max-w-xl text-sm font-bold tracking-wide text-gold-300 uppercase sm:text-base">{club().strapline}</p>}
          <h1 className="mt-3 max-w-5xl font-display text-5xl leading-[0.95] font-bold tracking-wide uppercase sm:text-7xl lg:text-8xl">
            <HeroHeadline />
          </h1>
          {welcome && (
            <ClubText
              html={welcome}
              testId="home-welcome"
              className="mt-4 max-w-xl space-y-3 text-brand-50 sm:mt-5 sm:text-lg [&_a]:font-semibold [&_a]:text-white [&_a]:underline [&_h2]:text-xl [&_h2]:text-white [&_h3]:font-bold [&_li]:ml-5 [&_li]:list-disc"
            />
          )}
          <div className="mt-6 flex flex-wrap gap-3 sm:mt-8">
            <ButtonLink to="/join-us" variant="accent" size="lg" className="font-display tracking-wide uppercase">
              Join the club
            </ButtonLink>
            <ButtonLink
              to="/fixtures"
              variant="ghost"
              size="lg"
              className="font-display tracking-wide text-white uppercase ring-2 ring-white/70 ring-inset hover:bg-white/10"
            >
              See fixtures
            </ButtonLink>
          </div>
        </div>
      </section>

      <div className="container-page relative -mt-12 grid gap-4 sm:-mt-16 lg:grid-cols-5 lg:gap-6">
        <NextMatch fixture={upcoming[0]} />
        <LatestResult fixture={results[0]} />
      </div>
      <p className="container-page mt-4 flex flex-wrap gap-x-6 gap-y-1">
        <Link to="/fixtures?filter=upcoming" className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline-offset-2 hover:underline">
          All fixtures <span aria-hidden="true">&nbsp;→</span>
        </Link>
        <Link to="/fixtures?filter=results" className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline-offset-2 hover:underline">
          All results <span aria-hidden="true">&nbsp;→</span>
        </Link>
      </p>

      <HomeStrip
        id="latest-news"
        title="Latest News"
        to="/news"
        linkText="All news"
        className="container-page mt-12 space-y-4"
        items={latestNews}
        listClassName="grid gap-6 md:grid-cols-3"
      >
        {(article) => <NewsCard article={article} />}
      </HomeStrip>

      <section aria-labelledby="join-cta" className="container-page mt-14">
        <div className="flex flex-col items-start gap-6 rounded-3xl bg-gold-400 p-8 text-brand-950 sm:p-10 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="join-cta" className="text-3xl uppercase sm:text-4xl">
              Fancy a game? Everyone is welcome.
            </h2>
            <p className="mt-2 max-w-2xl text-brand-950/90">
              Players of every ability, volunteers and local sponsors keep this club going. Tell us how you'd like to get involved and we'll be in touch.
            </p>
            <ParentsOfJuniors className="mt-2 text-brand-950" />
          </div>
          <ButtonLink to="/join-us" size="lg" className="shrink-0 font-display tracking-wide uppercase">
            Join Us
          </ButtonLink>
        </div>
      </section>

      <HomeStrip
        id="our-sponsors"
        title="Our Sponsors"
        to="/sponsors"
        linkText="Meet our sponsors"
        className="container-page mt-14 space-y-4"
        items={sponsors}
        listClassName="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6"
        itemClassName="flex items-center justify-center rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line"
      >
        {(s) => <img src={s.logo_url} alt={s.name} width={160} height={80} loading="lazy" className="h-16 w-full object-contain" />}
      </HomeStrip>
    </>
  );
}
