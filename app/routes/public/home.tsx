import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { CLUB_NAME, CLUB_STRAPLINE, pageTitle } from '../../lib/club';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle() },
  { name: 'description', content: `${CLUB_NAME}: ${CLUB_STRAPLINE}. Fixtures, results, news, the squad and the club shop.` },
];

const QUICK_LINKS = [
  { to: '/fixtures', title: 'Fixtures & Results', text: 'When and where we play next, and how we got on.' },
  { to: '/squad', title: 'Squad & Staff', text: 'Meet the players and the volunteers who run the club.' },
  { to: '/news', title: 'Club News', text: 'Match reports, club announcements and events.' },
  { to: '/shop', title: 'Club Shop', text: 'Kit, training wear and supporters’ gear.' },
];

export default function Home() {
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
              <Link to={card.to} className="block h-full rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line hover:ring-brand-700">
                <h3 className="text-lg font-bold text-brand-800">{card.title}</h3>
                <p className="mt-2 text-sm text-muted">{card.text}</p>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
