import { SectionHeader } from '../../components/admin/section';
import { adminMeta } from '../../components/admin/meta';
import { ChangePasswordForm, type ChangePasswordResult } from '../../components/change-password-form';
import { changePasswordAction } from '../../lib/account.server';
import { requireAdminArea } from '../../lib/guards.server';
import type { Route } from './+types/account';

export const meta: Route.MetaFunction = () => adminMeta('My account', 'Change your own password.');

export function loader({ context, request }: Route.LoaderArgs) {
  return { user: requireAdminArea(context, request) };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireAdminArea(context, request);
  return changePasswordAction(context, request, await request.formData());
}

export default function AdminAccount({ actionData }: Route.ComponentProps) {
  return (
    <section>
      <SectionHeader title="My account" description="Change your own password. Every other session of your account is signed out." />
      <ChangePasswordForm result={actionData as ChangePasswordResult | undefined} />
    </section>
  );
}
