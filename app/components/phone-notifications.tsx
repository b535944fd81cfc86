import { useEffect, useRef, useState } from 'react';
import { formatDate } from '../../shared/dates';
import { keepPhoneSubscribed } from '../lib/push-upkeep';
import { PUSH_DEVICES_CHANGED } from './portal/push-choices';
import { CLUB_OFF, errorMessage, listDevices, phoneState, removeDevice, thisDeviceId, turnOff, turnOn, type PhoneState, type PushDevice } from '../lib/push-device';
import { PortalSection } from './portal';
import { Button } from './ui/button';
import { FormMessage } from './ui/field';

export const PHONE_NOTIFICATIONS_TITLE = 'Notifications on this phone';
export const TURN_ON = 'Turn on notifications on this phone';
export const TURN_OFF = 'Turn off';
export const PHONE_ON = 'This phone gets notifications.';
export const PHONE_OFF = 'Notifications are off on this phone.';
export const TURNED_ON = 'Notifications are on for this phone.';
export const TURNED_OFF = 'Notifications are off for this phone.';
export const NO_DEVICES = 'No phone or computer gets your notifications yet.';
export const DEVICES_UNAVAILABLE = 'Your devices could not be loaded. Please try again later.';

/** What the section says where this phone cannot be turned on (yet). */
export const STATE_TEXTS: Record<Exclude<PhoneState, 'off' | 'on'>, string> = {
  'needs-home-screen':
    'On iPhone and iPad, add the club to your Home Screen first, then turn notifications on here. In Safari, tap Share, then Add to Home Screen, and open the club from its new icon.',
  unsupported:
    'This browser cannot show the club’s notifications, so club news keeps coming by e-mail. Chrome, Edge, Firefox and Samsung Internet can show them; on an iPhone, update to iOS 16.4 or later.',
  'club-off': CLUB_OFF,
  blocked:
    'Notifications are blocked for this site. To allow them, tap the icon beside the web address, open the site settings, set Notifications to Allow, then reload this page. On an iPhone, open Settings, then Notifications, and choose the club.',
};

type Status = { tone: 'success' | 'error'; text: string } | null;

/** What the section shows: this phone's state, the person's devices, and which of them is this phone. */
interface View {
  state: PhoneState | 'checking';
  devices: PushDevice[] | 'loading' | 'failed';
  thisId: string | null;
  /** The club could not be reached: said, and the button stays (pressing it says why again). */
  problem?: string;
}

/** Where this phone and the person's devices stand, after this page load's upkeep (app/lib/push-upkeep.ts). */
async function look(user: string): Promise<View> {
  await keepPhoneSubscribed(user);
  let state: PhoneState = 'off';
  let problem: string | undefined;
  try {
    state = await phoneState();
  } catch (error) {
    problem = errorMessage(error);
  }
  const devices = await listDevices().catch(() => 'failed' as const);
  return { state, devices, thisId: thisDeviceId(user), problem };
}

/**
 * The portal's "Notifications on this phone" (issue 35): turn this phone on or off, and the person's
 * devices that get notifications, each with Remove. Everything here runs in the browser (the server
 * cannot know this phone's permission or subscription).
 */
export function PhoneNotifications({ user }: { user: string }) {
  const [view, setView] = useState<View>({ state: 'checking', devices: 'loading', thisId: null });
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  useEffect(() => {
    let current = true;
    void look(user).then((seen) => {
      if (!current) return;
      setView(seen);
      if (seen.problem) setStatus({ tone: 'error', text: seen.problem });
    });
    return () => {
      current = false;
    };
  }, [user]);

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    setStatus(null);
    let outcome: Status;
    try {
      await action();
      outcome = { tone: 'success', text: done };
    } catch (error) {
      outcome = { tone: 'error', text: errorMessage(error) };
    }
    const seen = await look(user);
    setView(seen);
    // The push choices further down the page show once a device is on, and hide when the last goes.
    window.dispatchEvent(new Event(PUSH_DEVICES_CHANGED));
    setStatus(outcome.tone === 'success' && seen.problem ? { tone: 'error', text: seen.problem } : outcome);
    setBusy(false);
  }

  const { state, devices, thisId } = view;
  return (
    <PortalSection
      title={PHONE_NOTIFICATIONS_TITLE}
      description="A buzz on your lock screen when the team sheet is out or a kick-off moves. Turn them on separately on each phone or computer you use."
    >
      <div className="max-w-xl space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-6" data-testid="phone-notifications">
        {status && <FormMessage tone={status.tone}>{status.text}</FormMessage>}
        <ThisPhone
          state={state}
          busy={busy}
          onTurnOn={() => run(() => turnOn(user), TURNED_ON)}
          onTurnOff={() => run(() => turnOff(user), TURNED_OFF)}
        />
        <DeviceList devices={devices} thisId={thisId} busy={busy} onRemove={(d) => run(() => removeDevice(user, d.id), `Removed ${d.device_label}.`)} />
      </div>
    </PortalSection>
  );
}

function ThisPhone({ state, busy, onTurnOn, onTurnOff }: { state: PhoneState | 'checking'; busy: boolean; onTurnOn: () => void; onTurnOff: () => void }) {
  if (state === 'checking') return <p className="text-muted">Checking what this phone can do…</p>;
  if (state !== 'on' && state !== 'off') return <p className="text-ink" data-testid="phone-state">{STATE_TEXTS[state]}</p>;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="font-semibold text-ink" data-testid="phone-state">
        {state === 'on' ? PHONE_ON : PHONE_OFF}
      </p>
      {state === 'on' ? (
        <Button variant="secondary" onClick={onTurnOff} disabled={busy}>
          {TURN_OFF}
        </Button>
      ) : (
        <Button onClick={onTurnOn} disabled={busy}>
          {busy ? 'Turning on…' : TURN_ON}
        </Button>
      )}
    </div>
  );
}

function DeviceList({
  devices,
  thisId,
  busy,
  onRemove,
}: {
  devices: PushDevice[] | 'loading' | 'failed';
  thisId: string | null;
  busy: boolean;
  onRemove: (device: PushDevice) => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <div className="border-t border-line pt-4">
      <h3 ref={heading} tabIndex={-1} className="text-base font-semibold text-ink">
        Devices that get your notifications
      </h3>
      {devices === 'loading' ? (
        <p className="mt-2 text-muted">Loading your devices…</p>
      ) : devices === 'failed' ? (
        <p className="mt-2 text-muted">{DEVICES_UNAVAILABLE}</p>
      ) : devices.length === 0 ? (
        <p className="mt-2 text-muted">{NO_DEVICES}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line" data-testid="push-devices">
          {devices.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 py-3">
              <div className="min-w-0">
                <p className="font-medium break-words text-ink">
                  {d.device_label}
                  {d.id === thisId && <span className="ml-2 rounded-md bg-brand-50 px-2 py-0.5 text-sm font-semibold text-brand-800">This phone</span>}
                </p>
                <p className="text-sm text-muted">
                  Added {formatDate(d.created_at)} · {d.last_success_at ? `Last notified ${formatDate(d.last_success_at)}` : 'No notifications yet'}
                </p>
              </div>
              <Button
                variant="secondary"
                disabled={busy}
                aria-label={`Remove ${d.device_label}${d.id === thisId ? ' (this phone)' : ''}`}
                onClick={() => {
                  onRemove(d);
                  heading.current?.focus();
                }}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
