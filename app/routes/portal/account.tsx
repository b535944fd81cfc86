import { ChangePasswordForm, type ChangePasswordResult } from '../../components/change-password-form';
import { PortalSection } from '../../components/portal';
import { changePasswordAction } from '../../lib/account.server';
import { requireUser } from '../../lib/guards.server';
import type { Route } from './+types/account';

export const meta: Route.MetaFunction = () => [{ title: "Account | Players' Area" }, { name: 'robots', content: 'noindex' }];

export function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return { email: user.email };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  return changePasswordAction(context, request, form);
}

export default function Account({ actionData }: Route.ComponentProps) {
  const result = actionData as ChangePasswordResult | undefined;
  return (
    <div className="space-y-10">
      <PortalSection title="Change password" description="Changing it signs you out on every other device.">
        <ChangePasswordForm result={result} />
      </PortalSection>
    </div>
  );
}
