import { Form, Link, useNavigation } from 'react-router';
import { pageTitle } from '../../../shared/club';
import { detailOf } from '../../lib/errors.server';
import { formatLongDateGB } from '../../../shared/dates';
import type { Route } from './+types/squad-reply';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Your place in the squad') }, { name: 'robots', content: 'noindex' }];

function linkOf(request: Request) {
  const p = new URL(request.url).searchParams;
  return { fixture: p.get('fixture') ?? '', player: p.get('player') ?? '', sig: p.get('sig') ?? '', answer: p.get('answer') === 'decline' ? 'decline' : 'confirm' };
}

/**
 * The "I can play" / "I can't play" links in a squad selection mail (issue 22). Opening the link
 * changes nothing (mail scanners follow links); the button POSTs the reply. A cancelled or played
 * match, or a place no longer in the squad, is said before any form.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const link = linkOf(request);
  try {
    const { event, cancelled, over, player, place } = await context.services.squadLinks.check(link);
    return { valid: true as const, event, cancelled, over, player: player.full_name, place, answer: link.answer };
  } catch (thrown) {
    return { valid: false as const, error: detailOf(thrown) };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const link = linkOf(request);
  const form = await request.formData();
  const confirmed = form.get('confirmed') === 'true';
  try {
    await context.services.squadLinks.reply(link, confirmed, String(form.get('reason') ?? '').trim() || undefined);
    return { done: true as const, confirmed };
  } catch (thrown) {
    return { done: false as const, error: detailOf(thrown) };
  }
}

/** Why the link can take no reply, said before any form; null when it can. */
function closedReason(data: Route.ComponentProps['loaderData']) {
  if (!data.valid) return data.error;
  if (data.cancelled) return 'This match was cancelled: there is nothing to answer.';
  if (data.over) return 'This match has been played: its squad cannot change.';
  if (!data.place) return 'You are not in the published squad for this match any more. The manager will be in touch if that changes.';
  return null;
}

export default function SquadReply({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const closed = closedReason(loaderData);
  const error = actionData && !actionData.done ? actionData.error : null;
  const decline = loaderData.valid && loaderData.answer === 'decline';
  return (
    <section className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold text-ink">Your place in the squad</h1>
      <div className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
        {loaderData.valid && (
          <div className="mb-4">
            <p className="text-lg font-bold text-ink">{loaderData.event.title}</p>
            <p className="text-sm text-muted">
              {formatLongDateGB(loaderData.event.date)}, kick-off {loaderData.event.time} · {loaderData.event.place}
            </p>
          </div>
        )}
        {actionData?.done ? (
          <p role="status" className="text-ink">
            {actionData.confirmed ? 'Thanks: you confirmed. See you there!' : 'Thanks for letting us know: the manager has been told.'}
          </p>
        ) : closed ? (
          <p role="alert" className="font-medium text-danger">
            {closed}
          </p>
        ) : loaderData.valid && loaderData.place ? (
          <Form method="post" className="space-y-4">
            <p className="text-ink">
              {loaderData.player}, you are {loaderData.place.role === 'starter' ? 'starting' : 'on the bench'}, shirt {loaderData.place.shirt_number}.
              {loaderData.place.confirmed !== null && <> Your reply now: <strong>{loaderData.place.confirmed ? 'confirmed' : 'declined'}</strong>.</>}
            </p>
            {error && (
              <p role="alert" className="font-medium text-danger">
                {error}
              </p>
            )}
            <input type="hidden" name="confirmed" value={decline ? 'false' : 'true'} />
            {decline && (
              <label className="block text-sm font-semibold text-ink">
                Note for the manager (optional)
                <textarea name="reason" rows={2} maxLength={280} className="mt-1 block w-full rounded-lg border border-line px-3 py-2 text-base font-normal" />
              </label>
            )}
            <button
              type="submit"
              disabled={busy}
              className={`min-h-11 w-full rounded-lg px-4 font-semibold text-white disabled:opacity-70 ${decline ? 'bg-danger hover:bg-red-800' : 'bg-brand-800 hover:bg-brand-900'}`}
            >
              {busy ? 'Saving…' : decline ? 'Yes, I can’t play' : 'Yes, I can play'}
            </button>
          </Form>
        ) : null}
      </div>
      <p className="mt-6 text-center text-sm text-muted">
        <Link to="/players-area" className="inline-block py-3 font-semibold text-brand-800 underline">
          The Players&rsquo; Area
        </Link>
      </p>
    </section>
  );
}
