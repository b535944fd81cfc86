import { Form, useNavigation } from 'react-router';
import { MAIL_PREFERENCE_IDS } from '../../../shared/mail';
import { ChangePasswordForm, type ChangePasswordResult } from '../../components/change-password-form';
import { EmailForm, type EmailChangeResult } from '../../components/email-form';
import { DataDownload } from '../../components/data-download';
import { PortalSection } from '../../components/portal';
import { PUSH_CHOICES_INTENT, PUSH_CHOICES_SAVED, PushChoices, pushChoicesInput, pushChoicesOf } from '../../components/portal/push-choices';
import { PhoneNotifications } from '../../components/phone-notifications';
import { OWN_DATA_SENTENCE } from '../../../shared/privacy-download';
import { Button } from '../../components/ui/button';
import { Checkbox, FormMessage } from '../../components/ui/field';
import { changeEmailAction, changePasswordAction } from '../../lib/account.server';
import { formError } from '../../lib/errors.server';
import { requireUser } from '../../lib/guards.server';
import type { Route } from './+types/account';
import { portalRead } from './portal.server';
import { pageTitle } from '../../../shared/club';

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Account | Players' Area") }, { name: 'robots', content: 'noindex' }];

export const PREFERENCES_SAVED = 'E-mail preferences saved';

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const [preferences, ownDownload, devices] = await Promise.all([
    portalRead('your e-mail preferences', () => context.services.mail.preferences(user), null),
    portalRead('what you may do', () => context.services.privacyExport.offersOwnDownload(user), false),
    portalRead('your devices', () => context.services.push.list(user), null),
  ]);
  return { userId: user.id, email: user.email, preferences, ownDownload, hasDevice: devices ? devices.length > 0 : undefined };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get('intent') === 'preferences') {
    const user = requireUser(context, request);
    // An unticked box is not sent by the browser: every preference is set, ticked or not.
    const choices = Object.fromEntries(MAIL_PREFERENCE_IDS.map((kind) => [kind, form.get(kind) === 'on']));
    try {
      await context.services.mail.setPreferences(user, choices);
      return { ok: true, intent: 'preferences', message: PREFERENCES_SAVED };
    } catch (error) {
      return formError(error);
    }
  }
  if (form.get('intent') === PUSH_CHOICES_INTENT) {
    const user = requireUser(context, request);
    try {
      await context.services.mail.setPreferences(user, pushChoicesInput(form));
      return { ok: true, intent: PUSH_CHOICES_INTENT, message: PUSH_CHOICES_SAVED };
    } catch (error) {
      return formError(error);
    }
  }
  if (form.get('intent') === 'email') return changeEmailAction(context, request, form);
  return changePasswordAction(context, request, form);
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const result = actionData as (ChangePasswordResult & { intent?: string }) | undefined;
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'preferences';
  const prefsResult = result?.intent === 'preferences' ? result : undefined;
  return (
    <div className="space-y-10">
      <PortalSection
        title="E-mail notifications"
        description={`Which club e-mails go to ${loaderData.email}. Password e-mails are always sent.`}
      >
        {loaderData.preferences ? (
          <Form method="post" id="notifications" className="max-w-xl space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-6">
            <input type="hidden" name="intent" value="preferences" />
            {prefsResult?.ok ? <FormMessage tone="success">{prefsResult.message}</FormMessage> : null}
            <fieldset>
              <legend className="mb-2 text-sm font-semibold text-ink">Send me an e-mail about</legend>
              <div className="divide-y divide-line">
                {loaderData.preferences.map((p) => (
                  <Checkbox key={p.kind} name={p.kind} label={p.label} defaultChecked={p.email} className="min-h-11 py-1" />
                ))}
              </div>
            </fieldset>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving…' : 'Save preferences'}
            </Button>
          </Form>
        ) : (
          <FormMessage>Your e-mail preferences could not be loaded. Please try again later.</FormMessage>
        )}
      </PortalSection>
      <PhoneNotifications user={loaderData.userId} />
      <PushChoices choices={pushChoicesOf(loaderData.preferences)} hasDevice={loaderData.hasDevice} result={result} />
      <PortalSection title="E-mail address" description="Where the club writes to you, and where Forgot password sends its link.">
        <EmailForm current={loaderData.email} result={result as EmailChangeResult | undefined} />
      </PortalSection>
      <PortalSection title="Change password" description="Changing it signs you out on every other device.">
        <ChangePasswordForm result={result} />
      </PortalSection>
      {loaderData.ownDownload && <DataDownload title="Your data" sentence={OWN_DATA_SENTENCE} href="/api/privacy/me/export" label="Download my data" />}
    </div>
  );
}
