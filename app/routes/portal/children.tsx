import { data, Form, Link, useNavigation } from 'react-router';
import { childTeamLine, GUARDIAN_LEVEL_LABELS } from '../../../shared/juniors';
import { guardianRequestSchema } from '../../../shared/guardians';
import { EmptyState, PortalSection } from '../../components/portal';
import { PendingRequests } from '../../components/portal/pending-requests';
import { Button } from '../../components/ui/button';
import { PARENT_REQUEST_FIELDS, ParentRequestFields } from '../../components/parent-request-fields';
import { ErrorSummary, summaryOf } from '../../components/ui/error-summary';
import { FormMessage } from '../../components/ui/field';
import { formFields } from '../../components/ui/form-fields';
import { formError, invalidFields } from '../../lib/errors.server';
import { requireUser } from '../../lib/guards.server';
import { PrivacyNoticeLink } from '../../components/privacy-notice-link';
import { noticeVersionFrom } from '../../lib/notice-version';
import type { Route } from './+types/children';
import { portalRead } from './portal.server';
import { pageTitle } from '../../../shared/club';

export const REQUEST_SENT = 'Thank you: the club’s secretary or welfare officer will check and link you. You will get an e-mail either way.';

export const meta: Route.MetaFunction = () => [{ title: pageTitle("My children | Players' Area") }, { name: 'robots', content: 'noindex' }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const [children, requests, teams] = await Promise.all([
    portalRead('your children', () => context.services.juniors.myChildren(user), []),
    portalRead('your requests', () => context.services.juniors.myPendingRequests(user), []),
    portalRead('the teams', () => context.services.teams.list(), []),
  ]);
  const noticeVersion = (await context.services.clubPages.notice()).version;
  // Only the requests this login made (those who decide also see everyone's on the admin page).
  return { children, requests, teams: teams.map((t) => ({ id: t.id, name: t.name })), noticeVersion };
}

/** "I am a parent or carer": the request goes to the secretary and the welfare officer. */
export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await request.formData();
  const values = Object.fromEntries(PARENT_REQUEST_FIELDS.map((f) => [f, String(form.get(f) ?? '')])) as Record<(typeof PARENT_REQUEST_FIELDS)[number], string>;
  const parsed = guardianRequestSchema.safeParse(values);
  if (!parsed.success) return invalidFields(parsed.error.issues, { values });
  try {
    await context.services.juniors.request(user, { ...parsed.data, notice_version: noticeVersionFrom(form) });
  } catch (error) {
    const response = formError(error);
    return data({ ...response.data, values }, { status: response.init?.status ?? 422 });
  }
  return { ok: true as const };
}

export default function PortalChildren({ loaderData, actionData }: Route.ComponentProps) {
  const { children, requests, teams, noticeVersion } = loaderData;
  const navigation = useNavigation();
  const failed = actionData && !actionData.ok ? actionData : null;
  const summary = summaryOf(PARENT_REQUEST_FIELDS, failed);
  return (
    <div className="space-y-8">
      <PortalSection title="My children" description="The children the club has linked to you as their parent or carer.">
        <div className="mb-4 empty:hidden">
          <PendingRequests requests={requests} />
        </div>
        {children.length === 0 ? (
          <EmptyState next="Ask to be linked below, or use the invitation link the club e-mailed you.">No children are linked to your login yet.</EmptyState>
        ) : (
          <ul className="space-y-3">
            {children.map((child) => (
              <li key={child.player_id} className="rounded-2xl bg-white p-4 ring-1 ring-line">
                <h3 className="text-lg font-bold text-ink">
                  <Link to={`/players-area/children/${child.player_id}`} className="inline-block min-h-11 py-2 text-brand-800 underline">
                    {child.full_name}
                  </Link>
                </h3>
                <p className="text-sm text-ink">
                  {childTeamLine(child)}
                  {child.age_group && <> · {child.age_group}</>}
                </p>
                <p className="text-sm text-muted">You: {GUARDIAN_LEVEL_LABELS[child.level]}</p>
                {!child.has_emergency_contact && (
                  <p className="mt-1 text-sm font-semibold text-danger">No emergency contact yet: add one so {child.full_name.split(' ')[0]} can be picked.</p>
                )}
                <p className="mt-2 flex flex-wrap gap-x-4">
                  <Link to={`/players-area/children/${child.player_id}`} className="inline-block min-h-11 py-2 font-semibold text-brand-800 underline">
                    Schedule and answers<span className="sr-only"> for {child.full_name}</span>
                  </Link>
                  <Link to={`/players-area/children/${child.player_id}/consents`} className="inline-block min-h-11 py-2 font-semibold text-brand-800 underline">
                    Consents<span className="sr-only"> for {child.full_name}</span>
                  </Link>
                </p>
              </li>
            ))}
          </ul>
        )}
      </PortalSection>

      <PortalSection
        title="I am a parent or carer"
        description="Ask the club to link you to your child. The secretary or the welfare officer checks it with the team before you see anything about them."
      >
        {actionData?.ok && <FormMessage tone="success">{REQUEST_SENT}</FormMessage>}
        <Form method="post" noValidate className="mt-3 space-y-4 rounded-2xl bg-white p-4 ring-1 ring-line sm:p-6">
          <ErrorSummary errors={summary.errors} order={PARENT_REQUEST_FIELDS} message={summary.message} />
          <ParentRequestFields field={formFields(failed && 'values' in failed ? failed.values : undefined, summary.errors)} teams={teams} />
          <PrivacyNoticeLink version={noticeVersion} />
          <Button type="submit" disabled={navigation.state === 'submitting'}>
            Send my request
          </Button>
        </Form>
      </PortalSection>
    </div>
  );
}
