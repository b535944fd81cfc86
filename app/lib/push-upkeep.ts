import { useEffect } from 'react';

/**
 * Re-subscribe on every app open (issue 35; research section 7): on a signed-in page that loads
 * React, once per page load, where notifications are allowed, this phone's subscription is sent to
 * the club again (app/lib/push-device.ts, loaded only then: other pages and people pay nothing).
 */
let upkeep: Promise<void> | null = null;

/** Starts this page load's upkeep (once) and resolves when it is over; it never fails (problems are logged). */
export function keepPhoneSubscribed(user: string): Promise<void> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted' || !('serviceWorker' in navigator)) return Promise.resolve();
  upkeep ??= import('./push-device')
    .then((device) => device.keepSubscription(user))
    .catch((error: unknown) => console.warn('[push] keeping this phone subscribed failed:', error instanceof Error ? error.message : error));
  return upkeep;
}

/** For the signed-in layouts (app/components/phone-app.tsx): the person's id, on pages React runs. */
export function useKeepPhoneSubscribed(user: string | undefined, hydrates: boolean) {
  useEffect(() => {
    if (user && hydrates) void keepPhoneSubscribed(user);
  }, [user, hydrates]);
}
