import { useEffect, useId, useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';
import { club } from '../../shared/club';
import { useKeepPhoneSubscribed } from '../lib/push-upkeep';
import type { loader as rootLoader } from '../root';
import { Button } from './ui/button';

/**
 * The club's site as an app on the phone (issue 35), for signed-in pages only (the Players' Area
 * and the admin panel load it; content pages run no React and never register anything, ADR 025):
 * registers the service worker (/sw.js, scope /) and, once per device, offers to add the app to the
 * home screen. Nothing here is needed for a page to work: without a worker, or with the offer
 * refused, every page behaves as before.
 */

/** Chromium's install event (not in TypeScript's DOM types). */
type InstallEvent = Event & { prompt: () => Promise<unknown>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };

/** Kept per device (and browser): the offer has been shown, so it is not shown again. */
export const INSTALL_OFFER_KEY = 'club-app-offer';

const remembered = () => {
  try {
    return localStorage.getItem(INSTALL_OFFER_KEY) !== null;
  } catch {
    return true; // storage refused (a private window): never nag on every page
  }
};
const remember = () => {
  try {
    localStorage.setItem(INSTALL_OFFER_KEY, new Date().toISOString());
  } catch {
    // Nothing to keep it in: the offer is not shown anyway (remembered() says true).
  }
};

/** Already the app on the home screen (Android's standalone window, or iOS's Home Screen app). */
const installed = () => matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
/** A phone or tablet: a touch screen and no mouse. */
const onPhone = () => matchMedia('(hover: none) and (pointer: coarse)').matches;
/** iPhone and iPad (iPadOS says it is a Mac with a touch screen): no install prompt, only Share → Add to Home Screen. */
const onIos = () => /iP(hone|od|ad)/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);

const offerWanted = () => onPhone() && !installed() && !remembered();

/** Registers the service worker once the page has loaded; a browser without one, or a refusal, changes nothing. */
function useServiceWorker() {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No worker (an old browser, a private window): the pages work as they are.
    });
  }, []);
}

type Offer = 'prompt' | 'ios' | null;

/**
 * The offer, kept outside React: Chromium may fire beforeinstallprompt before React has hydrated,
 * so it is caught from the moment this module loads. Shown means remembered: once per device.
 */
let offer: Offer = null;
let waiting: InstallEvent | null = null;
const listeners = new Set<() => void>();
function setOffer(next: Offer) {
  if (next) remember();
  offer = next;
  listeners.forEach((notify) => notify());
}
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    if (!offerWanted()) return; // Chromium's own install menu and banner stay as they are
    event.preventDefault();
    waiting = event as InstallEvent;
    setOffer('prompt');
  });
  window.addEventListener('appinstalled', () => setOffer(null));
}

function subscribe(notify: () => void) {
  listeners.add(notify);
  // An iPhone has no install event: the instructions are the offer, from the first signed-in page.
  if (!offer && onIos() && offerWanted()) queueMicrotask(() => setOffer('ios'));
  return () => listeners.delete(notify);
}
/** Install: the browser's own prompt (called within the tap, as browsers require), the offer gone. */
async function install() {
  const event = waiting;
  waiting = null;
  setOffer(null);
  if (!event) return;
  try {
    await event.prompt();
    await event.userChoice;
  } catch {
    // The browser withdrew its prompt: nothing more to do.
  }
}

const useOffer = () =>
  useSyncExternalStore(
    subscribe,
    () => offer,
    () => null,
  );

export function PhoneApp() {
  useServiceWorker();
  // Notifications on this phone stay subscribed: sent to the club again on every app open (the
  // app opens on the Players' Area or the admin panel; content pages carry none of this).
  useKeepPhoneSubscribed(useRouteLoaderData<typeof rootLoader>('root')?.user?.id, true);
  const shown = useOffer();
  const headingId = useId();
  const close = () => setOffer(null);

  useEffect(() => {
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOffer(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [shown]);

  if (!shown) return null;
  return (
    <section
      aria-labelledby={headingId}
      data-testid="install-offer"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-md rounded-2xl bg-white p-4 shadow-lg ring-1 ring-line print:hidden"
    >
      <h2 id={headingId} className="text-lg font-bold text-ink">
        Add {club().short_name} to your home screen
      </h2>
      {shown === 'ios' ? (
        <p className="mt-1 text-muted">
          Tap Share <ShareIcon /> at the bottom of Safari, then <strong className="font-semibold text-ink">Add to Home Screen</strong>. Notifications on an
          iPhone come only to the app on the Home Screen.
        </p>
      ) : (
        <p className="mt-1 text-muted">Open your fixtures, messages and team news straight from your phone, like any other app.</p>
      )}
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        {shown === 'ios' ? (
          <Button variant="secondary" onClick={close}>
            Got it
          </Button>
        ) : (
          <>
            <Button variant="ghost" onClick={close}>
              Not now
            </Button>
            <Button onClick={install}>Install</Button>
          </>
        )}
      </div>
    </section>
  );
}

/** Safari's Share icon (a box with an arrow up), drawn as the toolbar shows it. */
function ShareIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" className="inline-block align-text-bottom text-brand-800" aria-hidden="true" focusable="false">
      <path d="M12 3v12M8 7l4-4 4 4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M8 10H6a1 1 0 0 0-1 1v9a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-9a1 1 0 0 0-1-1h-2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
