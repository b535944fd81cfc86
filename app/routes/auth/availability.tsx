import { Form, Link, useNavigation } from 'react-router';
import { AVAILABILITY_LABELS, AVAILABILITY_NOTE_MAX, AVAILABILITY_STATUSES, type AvailabilityStatus } from '../../../shared/availability';
import { pageTitle } from '../../../shared/club';
import { detailOf } from '../../lib/errors.server';
import type { Route } from './+types/availability';
import { formatLongDateGB } from '../../../shared/dates';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Your availability') }, { name: 'robots', content: 'noindex' }];

function linkOf(request: Request) {
  const p = new URL(request.url).searchParams;
  return { kind: p.get('event') ?? '', id: p.get('id') ?? '', player: p.get('player') ?? '', sig: p.get('sig') ?? '', status: p.get('status') ?? '' };
}

const isStatus = (s: string): s is AvailabilityStatus => (AVAILABILITY_STATUSES as readonly string[]).includes(s);

/**
 * The one-click answer links in availability e-mails. Opening the link changes nothing (mail
 * scanners follow links); the page's button POSTs the answer. The link's signature stands in for
 * a sign-in, for this player and this event only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const link = linkOf(request);
  try {
    const { view, player, answer } = await context.services.availability.checkLink(link);
    return { valid: true as const, event: view, player: player.full_name, answer, chosen: isStatus(link.status) ? link.status : null };
  } catch (thrown) {
    return { valid: false as const, error: detailOf(thrown) };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const link = linkOf(request);
  const form = await request.formData();
  try {
    const saved = await context.services.availability.answerByLink(link, form.get('status'), form.get('note'));
    return { done: true as const, status: saved.status };
  } catch (thrown) {
    return { done: false as const, error: detailOf(thrown) };
  }
}

export default function AvailabilityLink({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const error = (actionData && !actionData.done && actionData.error) || (!loaderData.valid && loaderData.error);
  return (
    <section className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold text-ink">Your availability</h1>
      <div className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
        {loaderData.valid && (
          <div className="mb-4">
            <p className="text-lg font-bold text-ink">{loaderData.event.title}</p>
            <p className="text-sm text-muted">
              {formatLongDateGB(loaderData.event.date)}, {loaderData.event.time} · {loaderData.event.place}
            </p>
          </div>
        )}
        {actionData?.done ? (
          <p role="status" className="text-ink">
            Thanks: you are down as <strong>{AVAILABILITY_LABELS[actionData.status]}</strong>. You can change it in the Players&rsquo; Area until answers close.
          </p>
        ) : error ? (
          <p role="alert" className="font-medium text-danger">
            {error}
          </p>
        ) : loaderData.valid && !loaderData.event.open ? (
          <p role="alert" className="font-medium text-danger">
            {loaderData.event.cancelled ? 'This event was cancelled: it takes no answers.' : 'Answers for this event are closed. Please tell the manager directly.'}
          </p>
        ) : loaderData.valid ? (
          <Form method="post" className="space-y-4">
            <p className="text-ink">
              {loaderData.player}, can you make it?
              {loaderData.answer ? (
                <>
                  {' '}
                  Your answer now: <strong>{AVAILABILITY_LABELS[loaderData.answer.status]}</strong>.
                </>
              ) : null}
            </p>
            <fieldset>
              <legend className="sr-only">Your answer</legend>
              <div className="grid gap-2">
                {AVAILABILITY_STATUSES.map((s) => (
                  <label key={s} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 ring-1 ring-line has-[:checked]:bg-brand-50 has-[:checked]:ring-2 has-[:checked]:ring-brand-800">
                    <input type="radio" name="status" value={s} defaultChecked={(loaderData.chosen ?? loaderData.answer?.status) === s} required className="size-5" />
                    <span className="font-semibold text-ink">{AVAILABILITY_LABELS[s]}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <label className="block text-sm font-semibold text-ink">
              Note for the manager (optional)
              <textarea name="note" rows={2} maxLength={AVAILABILITY_NOTE_MAX} defaultValue={loaderData.answer?.note ?? ''} className="mt-1 block w-full rounded-lg border border-line px-3 py-2 text-base font-normal" />
            </label>
            <button type="submit" disabled={busy} className="min-h-11 w-full rounded-lg bg-brand-800 px-4 font-semibold text-white hover:bg-brand-900 disabled:opacity-70">
              {busy ? 'Saving…' : 'Confirm my answer'}
            </button>
          </Form>
        ) : null}
      </div>
      <p className="mt-6 text-center text-sm text-muted">
        <Link to="/players-area/schedule" className="inline-block py-3 font-semibold text-brand-800 underline">
          Your schedule in the Players&rsquo; Area
        </Link>
      </p>
    </section>
  );
}
