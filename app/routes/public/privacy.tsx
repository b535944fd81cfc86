import { EmptyState, PageHeader } from '../../components/public/empty-state';
import { ClubText } from '../../components/public/club-text';
import { club } from '../../../shared/club';
import { noticeVersionLine } from '../../../shared/privacy-notice';
import { pageMeta, siteOrigin } from '../../lib/seo';
import type { PageHandle } from '../../lib/page-scripts';
import type { Route } from './+types/privacy';

/** Nothing interactive: sent as HTML and CSS, without React's JavaScript (ADR 025). */
export const handle: PageHandle = { hydrate: false };

export const PRIVACY_TITLE = 'Privacy notice';
export const NO_PRIVACY_NOTICE = 'The club has not published its privacy notice yet.';

/** The club's privacy notice (issue 33): written by the admin in Pages, linked from every footer and the forms. */
export async function loader({ context }: Route.LoaderArgs) {
  const [page, settings] = await Promise.all([context.services.clubPages.get('privacy'), context.services.settings.get()]);
  return { html: page.html, notice: page.notice ?? null, clubEmail: settings.club_email, origin: siteOrigin(context) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: PRIVACY_TITLE,
    description: `How ${club().club_name} looks after the personal details of its players, members, parents and visitors.`,
    origin: data?.origin,
    path: '/privacy',
  });

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { html, notice, clubEmail } = loaderData;
  return (
    <>
      <PageHeader title={PRIVACY_TITLE} />
      <div className="container-page max-w-3xl py-12">
        {html ? (
          <>
            <ClubText html={html} testId="privacy-notice" />
            {notice && (
              <p className="mt-10 border-t border-line pt-4 text-sm text-muted" data-testid="privacy-notice-version">
                {noticeVersionLine(notice.version, notice.published_at)}
              </p>
            )}
          </>
        ) : (
          <EmptyState title={NO_PRIVACY_NOTICE}>
            <p>
              Questions about your personal details:{' '}
              <a href={`mailto:${clubEmail}`} className="font-semibold text-brand-800 underline">
                {clubEmail}
              </a>
            </p>
          </EmptyState>
        )}
      </div>
    </>
  );
}
