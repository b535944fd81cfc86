import { data, Form, useNavigation } from 'react-router';
import { formatDateTime } from '../../../shared/dates';
import { BackLink } from '../../components/back-link';
import { PortalSection } from '../../components/portal';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/field';
import { CollectorsSection } from '../../components/collectors-form';
import { formError } from '../../lib/errors.server';
import { requireUser } from '../../lib/guards.server';
import { PrivacyNoticeLink } from '../../components/privacy-notice-link';
import { noticeVersionFrom } from '../../lib/notice-version';
import type { Route } from './+types/child-consents';
import { pageTitle } from '../../../shared/club';

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Consents | Players' Area") }, { name: 'robots', content: 'noindex' }];

/** A child's consents for this season: each text, given or not, who answered and when (their parents and carers). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const children = await context.services.juniors.myChildren(user);
  const child = children.find((c) => c.player_id === params.playerId);
  if (!child) throw data('You are not linked to this child as a parent or carer.', { status: 403 });
  const [consents, collectors, notice] = await Promise.all([
    context.services.juniors.consents(user, child.player_id),
    context.services.juniors.collectors(user, child.player_id),
    context.services.clubPages.notice(),
  ]);
  return { child, consents, collectors, noticeVersion: notice.version };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await request.formData();
  if (form.get('intent') === 'collectors') {
    // Who else may collect the child (issue 31): shown to the team's staff on the match-day card.
    try {
      await context.services.juniors.setCollectors(user, params.playerId, { others: String(form.get('others') ?? '') });
      return { ok: true as const, kind: 'collectors', given: false };
    } catch (error) {
      const response = formError(error);
      return data({ ...response.data, kind: 'collectors' }, { status: response.init?.status ?? 422 });
    }
  }
  const kind = String(form.get('kind') ?? '');
  try {
    await context.services.juniors.setConsent(user, params.playerId, { kind, given: form.get('given') === 'yes', notice_version: noticeVersionFrom(form) });
    return { ok: true as const, kind, given: form.get('given') === 'yes' };
  } catch (error) {
    const response = formError(error);
    return data({ ...response.data, kind }, { status: response.init?.status ?? 422 });
  }
}

export default function ChildConsents({ loaderData, actionData }: Route.ComponentProps) {
  const { child, consents, collectors, noticeVersion } = loaderData;
  const navigation = useNavigation();
  const first = child.full_name.split(' ')[0];
  return (
    <div className="space-y-6">
      <BackLink to="/players-area/children">← All my children</BackLink>
      <PortalSection
        title={`${child.full_name}: consents for ${consents.season}`}
        description={`Nothing is agreed until you say so, and each answer lasts this season only (to 31 August). Changing an answer takes effect at once.`}
      >
        <PrivacyNoticeLink />
        <ul className="space-y-3">
          {consents.consents.map((c) => {
            const result = actionData?.kind === c.kind ? actionData : null;
            return (
              <li key={c.kind} className="rounded-2xl bg-white p-4 ring-1 ring-line" aria-labelledby={`consent-${c.kind}`}>
                <h3 id={`consent-${c.kind}`} className="font-bold text-ink">
                  {c.label}
                </h3>
                <p className="mt-1 text-sm text-ink">{c.text}</p>
                <p className="mt-2 text-sm font-semibold" data-testid={`consent-state-${c.kind}`}>
                  {c.given ? 'Given' : 'Not given'}
                  {c.given_by_name && c.at && (
                    <span className="font-normal text-muted">
                      {' '}
                      · {c.given ? 'given' : 'answered'} by {c.given_by_name} on {formatDateTime(c.at)}
                    </span>
                  )}
                </p>
                {result && !result.ok && <FormMessage>{result.error}</FormMessage>}
                {result?.ok && !result.given && !c.given && child.can_answer && (
                  <WithdrawnNotice kind={c.kind} label={c.label} noticeVersion={noticeVersion} busy={navigation.state === 'submitting'} />
                )}
                {child.can_answer && (
                  <Form method="post" className="mt-2">
                    <input type="hidden" name="kind" value={c.kind} />
                    <input type="hidden" name="given" value={c.given ? 'no' : 'yes'} />
                    <input type="hidden" name="notice_version" value={noticeVersion} />
                    <Button type="submit" variant={c.given ? 'secondary' : 'primary'} disabled={navigation.state === 'submitting'}>
                      {c.given ? 'Withdraw' : 'Give'}
                      <span className="sr-only"> consent: {c.label}</span>
                    </Button>
                  </Form>
                )}
              </li>
            );
          })}
        </ul>
        {!child.can_answer && <p className="text-sm text-muted">View only: {first}’s primary parent or carer gives consents.</p>}
      </PortalSection>
      <CollectorsSection
        first={first!}
        collectors={collectors}
        canAnswer={child.can_answer}
        result={actionData?.kind === 'collectors' ? actionData : null}
        busy={navigation.state === 'submitting'}
      />
    </div>
  );
}

/** Said at once after a withdrawal, with an Undo that gives the consent again (one click each way). */
function WithdrawnNotice({ kind, label, noticeVersion, busy }: { kind: string; label: string; noticeVersion: number; busy: boolean }) {
  return (
    <div role="status" className="mt-2 flex flex-wrap items-center gap-3 rounded-lg bg-surface p-3 text-sm text-ink" data-testid={`consent-withdrawn-${kind}`}>
      <span>Withdrawn. The club’s website and messages follow it from now on.</span>
      <Form method="post">
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="given" value="yes" />
        <input type="hidden" name="notice_version" value={noticeVersion} />
        <Button type="submit" variant="secondary" disabled={busy}>
          Undo
          <span className="sr-only"> withdrawing: {label}</span>
        </Button>
      </Form>
    </div>
  );
}
