import { useEffect, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { PUSH_KIND_IDS, pushField, type PushKindId } from '../../../shared/push-routing';
import { PortalSection } from '../portal';
import { Button } from '../ui/button';
import { Checkbox, FormMessage } from '../ui/field';

/** One kind's push choice, as the preferences service answers it (`push_label`, `push`). */
export interface PushChoice {
  kind: PushKindId;
  label: string;
  push: boolean;
}

export const PUSH_CHOICES_INTENT = 'push-preferences';
export const PUSH_CHOICES_SAVED = 'Notification choices saved';
export const PUSH_CHOICES_TITLE = 'What comes as a notification';
export const PUSH_CHOICES_NOTE =
  'These come as a notification instead of an e-mail, on every device where notifications are on. What you leave unticked comes by e-mail, as chosen above. A lock screen shows no names and no places: open the notification to see the details.';
/** Sent by the devices part of the page when a device is turned on or removed: the choices show or hide. */
export const PUSH_DEVICES_CHANGED = 'push-devices-changed';

/** The push choices among the preferences the loader read (the kinds that can go by push). */
export const pushChoicesOf = (preferences: ReadonlyArray<{ kind: string; push?: boolean; push_label?: string }> | null): PushChoice[] =>
  (preferences ?? []).flatMap((p) => (p.push === undefined ? [] : [{ kind: p.kind as PushKindId, label: p.push_label ?? p.kind, push: p.push }]));

/** The page action's input for the push choices: every push kind is set, ticked or not (an unticked box is not sent). */
export const pushChoicesInput = (form: FormData) => ({ push: Object.fromEntries(PUSH_KIND_IDS.map((kind) => [kind, form.get(pushField(kind)) === 'on'])) });

/**
 * Whether the signed-in person has at least one device with notifications on: the loader's answer
 * when it has one, else GET /api/push/subscriptions; asked again when the devices part of the page
 * says a device was turned on or removed.
 */
function useHasDevice(known: boolean | undefined) {
  const [asked, setAsked] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const check = () =>
      fetch('/api/push/subscriptions', { credentials: 'same-origin', headers: { accept: 'application/json' } })
        .then((r) => (r.ok ? r.json() : []))
        .then((list: unknown) => live && setAsked(Array.isArray(list) && list.length > 0))
        .catch(() => undefined);
    if (known === undefined) void check();
    window.addEventListener(PUSH_DEVICES_CHANGED, check);
    return () => {
      live = false;
      window.removeEventListener(PUSH_DEVICES_CHANGED, check);
    };
  }, [known]);
  return asked ?? known ?? false;
}

/**
 * Issue 35: per kind of notification, push to the person's devices or not (each on unless turned
 * off). Shown once the person has a device; without one, everything comes by e-mail as before.
 * The page's action saves it (intent `push-preferences`, fields `push:<kind>`).
 */
export function PushChoices({ choices, hasDevice, result }: { choices: readonly PushChoice[]; hasDevice?: boolean; result?: { ok?: boolean; intent?: string; message?: string } }) {
  const navigation = useNavigation();
  const has = useHasDevice(hasDevice);
  if (!has || choices.length === 0) return null;
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === PUSH_CHOICES_INTENT;
  const mine = result?.intent === PUSH_CHOICES_INTENT ? result : undefined;
  return (
    <PortalSection title={PUSH_CHOICES_TITLE} description={PUSH_CHOICES_NOTE}>
      <Form method="post" id="push-choices" className="max-w-xl space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-6">
        <input type="hidden" name="intent" value={PUSH_CHOICES_INTENT} />
        {mine?.ok ? <FormMessage tone="success">{mine.message}</FormMessage> : null}
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-ink">Notify me about</legend>
          <div className="divide-y divide-line">
            {choices.map((c) => (
              <Checkbox key={c.kind} name={pushField(c.kind)} label={c.label} defaultChecked={c.push} className="min-h-11 py-1" />
            ))}
          </div>
        </fieldset>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save notification choices'}
        </Button>
      </Form>
    </PortalSection>
  );
}
