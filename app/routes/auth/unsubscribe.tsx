import { Form, Link, useNavigation } from 'react-router';
import { NOTIFICATION_SETTINGS_PATH } from '../../../shared/mail';
import { Button } from '../../components/ui/button';
import { pageTitle } from '../../../shared/club';
import { isDomainError } from '../../../shared/errors';
import type { Route } from './+types/unsubscribe';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Unsubscribe') },
  { name: 'robots', content: 'noindex' },
];

function linkOf(request: Request) {
  const params = new URL(request.url).searchParams;
  return { user: params.get('user') ?? '', kind: params.get('kind') ?? '', sig: params.get('sig') ?? '' };
}

/**
 * The List-Unsubscribe address of every optional mail. Opening it changes nothing (mail scanners
 * open links too); a POST unsubscribes: the page's button, or the mail provider's one-click
 * request (RFC 8058: `List-Unsubscribe=One-Click`, no cookies, no sign-in).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, kind, sig } = linkOf(request);
  try {
    const { label } = await context.services.mail.checkUnsubscribe(user, kind, sig);
    return { valid: true as const, label };
  } catch (error) {
    if (isDomainError(error)) return { valid: false as const, error: error.detail };
    throw error;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, kind, sig } = linkOf(request);
  try {
    const { label } = await context.services.mail.unsubscribe(user, kind, sig);
    return { done: true as const, label };
  } catch (error) {
    if (isDomainError(error)) return { done: false as const, error: error.detail };
    throw error;
  }
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const error = (actionData && !actionData.done && actionData.error) || (!loaderData.valid && loaderData.error);
  return (
    <section className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold text-ink">Unsubscribe</h1>
      <div className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
        {actionData?.done ? (
          <p role="status" className="text-ink">
            Done: you will no longer get e-mails about <strong>{actionData.label.toLowerCase()}</strong>.
          </p>
        ) : error ? (
          <p role="alert" className="font-medium text-danger">
            {error} Sign in to choose which e-mails you get.
          </p>
        ) : loaderData.valid ? (
          <Form method="post" className="space-y-4">
            <p className="text-ink">
              Stop e-mails about <strong>{loaderData.label.toLowerCase()}</strong>? You will still see them in the Players' Area.
            </p>
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? 'Unsubscribing…' : 'Unsubscribe'}
            </Button>
          </Form>
        ) : null}
      </div>
      <p className="mt-6 text-center text-sm text-muted">
        <Link to={NOTIFICATION_SETTINGS_PATH} className="inline-block py-3 font-semibold text-brand-800 underline">
          All notification settings
        </Link>
      </p>
    </section>
  );
}
