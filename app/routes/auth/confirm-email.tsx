import { Form, Link, useNavigation } from 'react-router';
import { Button } from '../../components/ui/button';
import { pageTitle } from '../../../shared/club';
import { isDomainError } from '../../../shared/errors';
import type { Route } from './+types/confirm-email';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Confirm your e-mail address') },
  { name: 'robots', content: 'noindex' },
];

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? '';

/**
 * The link in a registration's welcome and in an address change's mail (issue 21). Opening it
 * changes nothing (mail scanners open links too); the button confirms, with or without JavaScript.
 */
export function loader({ request }: Route.LoaderArgs) {
  return { hasToken: tokenOf(request).length > 0 };
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const result = await context.services.emailAddress.confirm({ token: tokenOf(request) });
    return { done: true as const, email: result.email, detail: result.detail };
  } catch (error) {
    if (isDomainError(error)) return { done: false as const, error: error.detail };
    throw error;
  }
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const error = (actionData && !actionData.done && actionData.error) || (!loaderData.hasToken && 'This link is incomplete: open it from the e-mail again.');
  return (
    <section className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold text-ink">Confirm your e-mail address</h1>
      <div className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
        {actionData?.done ? (
          <p role="status" className="text-ink">
            {actionData.detail} The club writes to <strong className="break-all">{actionData.email}</strong> from now on.
          </p>
        ) : error ? (
          <p role="alert" className="font-medium text-danger">
            {error}
          </p>
        ) : (
          <Form method="post" className="space-y-4">
            <p className="text-ink">Confirm that this e-mail address is yours, so that the club can write to you there.</p>
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? 'Confirming…' : 'Confirm this address'}
            </Button>
          </Form>
        )}
      </div>
      <p className="mt-6 text-center text-sm text-muted">
        <Link to="/login" className="inline-block py-3 font-semibold text-brand-800 underline">
          Sign in
        </Link>
      </p>
    </section>
  );
}
