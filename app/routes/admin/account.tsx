import { SectionHeader } from '../../components/admin/section';
import { adminMeta } from '../../components/admin/meta';
import { ChangePasswordForm, type ChangePasswordResult } from '../../components/change-password-form';
import { changeEmailAction, changePasswordAction } from '../../lib/account.server';
import { EmailForm, type EmailChangeResult } from '../../components/email-form';
import { requireAdminArea, requireCan } from '../../lib/guards.server';
import type { Route } from './+types/account';

export const meta: Route.MetaFunction = () => adminMeta('My account', 'Your e-mail address and password.');

export async function loader({ context, request }: Route.LoaderArgs) {
  return requireCan(context, request);
}

export async function action({ context, request }: Route.ActionArgs) {
  await requireAdminArea(context, request);
  const form = await request.formData();
  if (form.get('intent') === 'email') return changeEmailAction(context, request, form);
  return changePasswordAction(context, request, form);
}

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="space-y-8">
      <div>
        <SectionHeader title="My account" description="Your e-mail address: staff notices and Forgot password use it." />
        <EmailForm current={loaderData.user.email} result={actionData as EmailChangeResult | undefined} />
      </div>
      <div>
        <SectionHeader title="Change password" description="Change your own password. Every other session of your account is signed out." />
        <ChangePasswordForm result={actionData as ChangePasswordResult | undefined} />
      </div>
    </section>
  );
}
