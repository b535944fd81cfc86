/**
 * This phone's notifications (issue 35), in the browser: whether it can get them, turning them on
 * and off, the person's devices, and keeping the subscription alive on every app open.
 *
 * The service worker is /sw.js (its push half is public/sw-push.js); the API is pwa-push's
 * /api/push/key and /api/push/subscriptions. What this phone last sent is kept in localStorage
 * ({user, id, endpoint}): to tell "this phone" in the list, to notice that the person removed it
 * from another device, and to notice that the browser dropped the subscription (iOS does, at random).
 */
import type { PushDevice } from '../../shared/contracts/push';
import { ApiError, client, read } from './api-client';

/** A device that gets the person's notifications (device_label, created_at, last_success_at), as GET /api/push/subscriptions lists it. */
export type { PushDevice };

/** What this phone can do: the section shows one of these ('club-off': the site has no push key yet). */
export type PhoneState = 'unsupported' | 'needs-home-screen' | 'club-off' | 'blocked' | 'off' | 'on';

/** A failure the member is told about, in plain words. */
export class PhoneNotificationsError extends Error {
  name = 'PhoneNotificationsError';
}

export const NOT_ALLOWED = 'Notifications were not allowed. Press the button again and choose Allow.';
export const SUBSCRIBE_FAILED = 'This phone could not be set up for notifications. Please try again in a moment.';
export const CLUB_OFF = 'The club has not turned on notifications on phones yet. Club news keeps coming by e-mail.';

/** A browser that never answers a subscription (one without a push service) must not leave the button spinning. */
const SUBSCRIBE_TIMEOUT_MS = 20_000;
const STORAGE_KEY = 'club.push-device';
const SERVICE_WORKER = '/sw.js';

interface Remembered {
  user: string;
  id: string;
  endpoint: string;
}

const isAppleMobile = () => /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
const isHomeScreenApp = () =>
  window.matchMedia('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
const supportsPush = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** Where this phone stands; the subscription is looked up only where push works and is allowed. */
export async function phoneState(): Promise<PhoneState> {
  if (!supportsPush()) return isAppleMobile() && !isHomeScreenApp() ? 'needs-home-screen' : 'unsupported';
  if ((await publicKey()) === null) return 'club-off';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  // Registered on signed-in pages already (pwa-install); registering the same script again is harmless.
  if (!(await navigator.serviceWorker.getRegistration('/'))) await navigator.serviceWorker.register(SERVICE_WORKER, { scope: '/' });
  return navigator.serviceWorker.ready;
}

// ---- The club's push API -------------------------------------------------------------------------

/** The club's VAPID public key; null while the operator has not turned push on (no VAPID_SUBJECT). */
async function publicKey(): Promise<string | null> {
  return (await read(client.push.key.$get())).public_key;
}

async function serverKey(): Promise<Uint8Array<ArrayBuffer>> {
  const key = await publicKey();
  if (key === null) throw new PhoneNotificationsError(CLUB_OFF);
  return keyBytes(key);
}

/** Sends a subscription to the club: the device's id, and whether the club already had it (200) or not (201). */
async function send(subscription: PushSubscription): Promise<{ id: string; known: boolean }> {
  const { endpoint = '', keys = {} } = subscription.toJSON();
  const response = await client.push.subscriptions.$post({ json: { endpoint, keys: { p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' } } });
  const { id } = await read(Promise.resolve(response));
  return { id, known: response.status === 200 };
}

/** Removes a device's record; one already gone (removed elsewhere, or pruned as dead) is removed. */
async function drop(id: string): Promise<void> {
  try {
    await read(client.push.subscriptions[':id'].$delete({ param: { id } }));
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

/** The person's devices that get notifications. */
export async function listDevices(): Promise<PushDevice[]> {
  return read(client.push.subscriptions.$get());
}

/** Removes a device from the list; when it is this phone, this phone stops getting them too. */
export async function removeDevice(user: string, id: string): Promise<void> {
  await drop(id);
  if (remembered(user)?.id === id) {
    await (await currentSubscription())?.unsubscribe();
    forget();
  }
}

// ---- Turning on and off ----------------------------------------------------------------------------

/** Asks for permission, subscribes this phone and tells the club. Returns the device's id. */
export async function turnOn(user: string): Promise<string> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PhoneNotificationsError(NOT_ALLOWED);
  const key = await serverKey();
  const worker = await registration();
  // One made with the club's old key (the operator changed the keys) cannot be reused: a new one is made.
  const old = await worker.pushManager.getSubscription();
  if (old && !sameKey(old.options.applicationServerKey, key)) await old.unsubscribe();
  const subscription = await withTimeout(
    worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }).catch(() => {
      throw new PhoneNotificationsError(SUBSCRIBE_FAILED);
    }),
  );
  const { id } = await send(subscription);
  remember({ user, id, endpoint: subscription.endpoint });
  return id;
}

/** Unsubscribes this phone and removes it from the club's list. */
export async function turnOff(user: string): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return forget();
  // The club's id for this subscription: remembered, or asked for (sending it again answers the same id).
  const id = remembered(user)?.endpoint === subscription.endpoint ? remembered(user)!.id : (await send(subscription)).id;
  await drop(id);
  await subscription.unsubscribe();
  forget();
}

/** This phone's device id in the club's list, if it gets the person's notifications. */
export const thisDeviceId = (user: string) => remembered(user)?.id ?? null;

/** The words to show for a failure: ours or the club's (ApiError: its detail; unreachable: "Could not reach the server…"), else the generic one. */
export const errorMessage = (error: unknown) =>
  error instanceof PhoneNotificationsError || error instanceof ApiError ? error.message : SUBSCRIBE_FAILED;

// ---- Every app open ----------------------------------------------------------------------------------

/**
 * Keeps this phone's subscription alive (research section 7: "re-subscribe on every app open"):
 * - subscribed: sent again (the club answers the same id), or subscribed anew when the club's key changed;
 * - removed from another device (the club no longer knew this very subscription): unsubscribed here too;
 * - dropped by the browser while permission stands (iOS resets them): subscribed again;
 * - another person's subscription (they signed out, this person signed in): unsubscribed.
 */
export async function keepSubscription(user: string): Promise<void> {
  if (!supportsPush() || Notification.permission !== 'granted') return;
  const before = readRemembered();
  const subscription = await currentSubscription();
  if (before && before.user !== user) {
    await subscription?.unsubscribe();
    return forget();
  }
  if (!subscription) {
    // Turned on here before, and the browser dropped it: subscribe again.
    if (before) await replace(user, before.id);
    return;
  }
  const key = await serverKey();
  if (!sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    return replace(user, before?.id ?? null, key);
  }
  const { id, known } = await send(subscription);
  if (!known && before?.endpoint === subscription.endpoint) {
    // The person removed this phone from another device: keep it removed.
    await drop(id);
    await subscription.unsubscribe();
    return forget();
  }
  remember({ user, id, endpoint: subscription.endpoint });
}

/** A fresh subscription in place of a lost or outdated one (whose record the club is asked to drop). */
async function replace(user: string, oldId: string | null, key?: Uint8Array<ArrayBuffer>) {
  const worker = await registration();
  const subscription = await withTimeout(worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key ?? (await serverKey()) }));
  const { id } = await send(subscription);
  remember({ user, id, endpoint: subscription.endpoint });
  if (oldId && oldId !== id) await drop(oldId);
}

// ---- Helpers ------------------------------------------------------------------------------------------

/** A VAPID public key (base64url) as bytes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '==='.slice((base64.length + 3) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function sameKey(held: ArrayBuffer | null, key: Uint8Array): boolean {
  if (!held) return true;
  const bytes = new Uint8Array(held);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PhoneNotificationsError(SUBSCRIBE_FAILED)), SUBSCRIBE_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function readRemembered(): Remembered | null {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Remembered | null;
    return value && typeof value.id === 'string' && typeof value.endpoint === 'string' && typeof value.user === 'string' ? value : null;
  } catch {
    return null;
  }
}

const remembered = (user: string) => {
  const value = readRemembered();
  return value?.user === user ? value : null;
};
const remember = (value: Remembered) => localStorage.setItem(STORAGE_KEY, JSON.stringify(value));
const forget = () => localStorage.removeItem(STORAGE_KEY);
