import { ButtonLink } from '../../components/ui/button';
import { EmptyState, PageHeader } from '../../components/public/empty-state';
import { ClubText } from '../../components/public/club-text';
import { weekdayName } from '../../../shared/teams-constants';
import { today } from '../../../shared/dates';
import { TitledSection } from '../../components/ui/titled-section';
import { club } from '../../../shared/club';
import { pageMeta, siteOrigin } from '../../lib/seo';
import type { PageHandle } from '../../lib/page-scripts';
import type { Route } from './+types/about';
import { WelfareContact } from '../../components/public/welfare-contact';

/** Nothing interactive: sent as HTML and CSS, without React's JavaScript (ADR 025). */
export const handle: PageHandle = { hydrate: false };

export const NO_ABOUT_TEXT = 'More about the club is coming soon.';
export const NO_TRAINING_TIMES = 'Training times will be published here soon.';

/** The story, values and facilities are the club's own page (issue 33); the training times come from the teams' weekly slots. */
export async function loader({ context }: Route.LoaderArgs) {
  const { settings, clubPages } = context.services;
  const [clubSettings, about, training] = await Promise.all([settings.get(), clubPages.get('about'), clubPages.trainingTimes(today())]);
  return { settings: clubSettings, html: about.html, training, origin: siteOrigin(context) };
}

/** '19:00' as the club says it: '7:00 PM'. */
export function clockTime(time: string) {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: 'About',
    description: `The story of ${club().club_name}, what we stand for, when we train and how to get in touch.`,
    origin: data?.origin,
    path: '/about',
  });

export default function About({ loaderData }: Route.ComponentProps) {
  const { settings, html, training } = loaderData;
  return (
    <>
      <PageHeader title={`About ${club().club_name}`} />
      <div className="container-page space-y-14 py-12">
        {html ? (
          <ClubText html={html} className="club-text max-w-3xl" testId="about-text" />
        ) : (
          <EmptyState title={NO_ABOUT_TEXT} />
        )}
        <div className="grid gap-8 wrap-anywhere lg:grid-cols-2">
          <TitledSection
            id="training"
            title="Training Schedule"
            className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line"
            titleClassName="text-2xl font-extrabold"
          >
            <TrainingTimes training={training} />
          </TitledSection>

          <ContactUs settings={settings} />
        </div>
      </div>
    </>
  );
}

/** Each team's weekly training, from its slots (Teams and Training in the admin panel). */
function TrainingTimes({ training }: { training: Route.ComponentProps['loaderData']['training'] }) {
  if (training.length === 0) return <p className="mt-4 text-muted">{NO_TRAINING_TIMES}</p>;
  return (
    // Words wrap between words here (the section around breaks long e-mail addresses anywhere).
    <table className="mt-4 w-full text-left wrap-normal">
      <caption className="sr-only">When and where each team trains</caption>
      <thead>
        <tr className="border-b border-line text-sm text-muted">
          <th scope="col" className="py-2 pr-3 font-semibold">
            Team
          </th>
          <th scope="col" className="py-2 font-semibold">
            When and where
          </th>
        </tr>
      </thead>
      <tbody>
        {training.map((slot) => (
          <tr key={`${slot.team}-${slot.weekday}-${slot.start_time}`} className="border-b border-line align-top last:border-0">
            <th scope="row" className="py-3 pr-3 font-bold">
              {slot.team}
            </th>
            <td className="py-3">
              <span className="block">
                {weekdayName(slot.weekday)}, {clockTime(slot.start_time)} to {clockTime(slot.end_time)}
              </span>
              <span className="block text-sm text-muted">{slot.place}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
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
