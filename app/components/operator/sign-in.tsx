import { Form, useNavigation } from 'react-router';
import { Button } from '../ui/button';
import { FormMessage, TextField } from '../ui/field';

/** The operator's sign-in (the hosting domain's /operator while signed out). */
export function OperatorSignIn({ error }: { error?: string }) {
  const busy = useNavigation().state !== 'idle';
  return (
    <section className="mx-auto flex max-w-md flex-col px-4 py-12">
      <h1 className="text-3xl font-extrabold text-ink">Operator sign-in</h1>
      <p className="mt-2 text-muted">For the host&rsquo;s operator only. A club&rsquo;s admins sign in on their club&rsquo;s own address.</p>
      <Form method="post" className="mt-8 space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
        <FormMessage>{error}</FormMessage>
        <input type="hidden" name="intent" value="sign-in" />
        <TextField id="operator-username" label="Username" name="username" autoComplete="username" required />
        <TextField id="operator-password" label="Password" name="password" type="password" autoComplete="current-password" required />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
      </Form>
    </section>
  );
}
