import { ButtonLink } from '../../components/ui/button';
import { PageHeader } from '../../components/public/empty-state';
import { TitledSection } from '../../components/ui/titled-section';
import { club } from '../../../shared/club';
import { pageMeta, siteOrigin } from '../../lib/seo';
import type { PageHandle } from '../../lib/page-scripts';
import type { Route } from './+types/about';
import { WelfareContact } from '../../components/public/welfare-contact';

/** Nothing interactive: sent as HTML and CSS, without React's JavaScript (ADR 025). */
export const handle: PageHandle = { hydrate: false };

/** docs/product.md#about: Vets train Thursday 8:00 PM, Youth TBC, Vets games on Sunday. */
export const TRAINING_SCHEDULE = [
  { team: 'Vets', activity: 'Training', when: 'Thursday 8:00 PM' },
  { team: 'Youth', activity: 'Training', when: 'TBC' },
  { team: 'Vets', activity: 'Games', when: 'Sunday' },
] as const;

const VALUES = [
  { title: 'Open to everyone', text: 'Any age, any ability, any background. If you want to play, there is a place for you.' },
  { title: 'Community first', text: 'We are run by volunteers for the people of Riverside, and every penny goes back into the club.' },
  { title: 'Respect', text: 'For team-mates, opponents and referees, on the pitch and off it.' },
  { title: 'Enjoyment', text: 'We play to win, but we play for the love of the game above all.' },
];

const FACILITIES = [
  { title: 'Floodlit grass pitch', text: 'Our home pitch at Riverside Playing Fields, with floodlights for winter training.' },
  { title: 'Changing rooms', text: 'Home and away changing rooms with showers.' },
  { title: 'Clubhouse', text: 'Tea, coffee and a warm welcome after every home game.' },
  { title: 'Parking', text: 'Free parking on Mill Lane, a short walk from the pitch.' },
];

export async function loader({ context }: Route.LoaderArgs) {
  return { settings: await context.services.settings.get(), origin: siteOrigin(context) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: 'About',
    description: `The story of ${club().club_name}, what we stand for, when we train and how to get in touch.`,
    origin: data?.origin,
    path: '/about',
  });

export default function About({ loaderData }: Route.ComponentProps) {
  const { settings } = loaderData;
  return (
    <>
      <PageHeader
        title={`About ${club().club_name}`}
        intro="Open-access football for players of all abilities, run by volunteers since the very first kickabout on the rec."
      />
      <div className="container-page space-y-14 py-12">
        <section aria-labelledby="our-story" className="grid gap-8 lg:grid-cols-2">
          <div>
            <h2 id="our-story" className="text-2xl font-extrabold sm:text-3xl">
              Our Story
            </h2>
            <div className="mt-4 space-y-4 text-lg leading-relaxed">
              <p>
                {club().club_name} started as a Sunday kickabout between neighbours who missed playing. Word got round, more people turned up, and before long we had
                enough players for a team, then two.
              </p>
              <p>
                Today we run a Senior team and a Vets team, with plans for youth football. We have never held trials: if you want to play, you play. Some of our
                players have been at it for thirty years; some kicked a ball for the first time with us.
              </p>
            </div>
          </div>
          <img
            src="/images/seed/news-team.svg"
            alt="The squad lined up before a Sunday game"
            width={800}
            height={450}
            className="aspect-video w-full rounded-2xl bg-brand-50 object-cover"
          />
        </section>

        <section aria-labelledby="our-values">
          <h2 id="our-values" className="text-2xl font-extrabold sm:text-3xl">
            Our Values
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map((v) => (
              <li key={v.title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-line">
                <h3 className="text-lg font-bold text-brand-800">{v.title}</h3>
                <p className="mt-2 text-muted">{v.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <div className="grid gap-8 wrap-anywhere lg:grid-cols-2">
          <TitledSection
            id="training"
            title="Training Schedule"
            className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line"
            titleClassName="text-2xl font-extrabold"
          >
            <table className="mt-4 w-full text-left">
              <caption className="sr-only">When each team trains and plays</caption>
              <thead>
                <tr className="border-b border-line text-sm text-muted">
                  <th scope="col" className="py-2 font-semibold">
                    Team
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    What
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    When
                  </th>
                </tr>
              </thead>
              <tbody>
                {TRAINING_SCHEDULE.map((row) => (
                  <tr key={`${row.team}-${row.activity}`} className="border-b border-line last:border-0">
                    <th scope="row" className="py-3 font-bold">
                      {row.team}
                    </th>
                    <td className="py-3">{row.activity}</td>
                    <td className="py-3">{row.when}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TitledSection>

          <ContactUs settings={settings} />
        </div>

        <section aria-labelledby="facilities">
          <h2 id="facilities" className="text-2xl font-extrabold sm:text-3xl">
            Facilities
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {FACILITIES.map((f) => (
              <li key={f.title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-line">
                <h3 className="text-lg font-bold">{f.title}</h3>
                <p className="mt-2 text-muted">{f.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}

/** Contact Us: the club's e-mail, the welfare officer (issue 23) and where to find us. */
function ContactUs({ settings }: { settings: Route.ComponentProps['loaderData']['settings'] }) {
  return (
    <section aria-labelledby="contact" className="rounded-2xl bg-brand-800 p-6 text-white shadow-sm">
      <h2 id="contact" className="text-2xl font-extrabold">
        Contact Us
      </h2>
      <address className="mt-4 space-y-3 not-italic text-brand-50">
        <p>
          <span className="block text-sm font-semibold uppercase tracking-wide text-gold-400">Email</span>
          <a href={`mailto:${settings.club_email}`} className="text-lg font-semibold text-white underline">
            {settings.club_email}
          </a>
        </p>
        <WelfareContact settings={settings} className="text-lg" linkClassName="font-semibold text-white underline" />
        {settings.club_address && (
          <p>
            <span className="block text-sm font-semibold uppercase tracking-wide text-gold-400">Where to find us</span>
            {settings.club_address}
          </p>
        )}
      </address>
      <ButtonLink to="/join-us" variant="accent" className="mt-6">
        Join the club
      </ButtonLink>
    </section>
  );
}
