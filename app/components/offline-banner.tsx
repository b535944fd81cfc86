import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { clubTimeOf } from '../../shared/dates';
import { flushAnswers, savePack, savedAt } from '../lib/offline';

/** The notice on a page opened from the phone's copy: when it was saved, and that the phone is offline. */
export function offlineNotice(saved: Date | null): string {
  return saved ? `Saved at ${clubTimeOf(saved)}, you are offline` : 'You are offline';
}

/**
 * On the pages of the match-day pack (issue 35): online, asks the service worker to save the page
 * and to send any answer given offline; offline, says when the page was saved. A live region that is
 * always there (empty online), so the change is announced.
 */
export function OfflineBanner() {
  const { pathname } = useLocation();
  const [offline, setOffline] = useState(false);
  const [saved, setSaved] = useState<Date | null>(null);
  useEffect(() => {
    let live = true;
    const update = () => {
      const off = !navigator.onLine;
      setOffline(off);
      if (off) {
        void savedAt()
          .then((at) => live && setSaved(at))
          .catch(() => {});
      } else {
        savePack();
        flushAnswers();
      }
    };
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    // The first visit: the worker takes the page over after it loaded.
    navigator.serviceWorker?.addEventListener('controllerchange', update);
    return () => {
      live = false;
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
      navigator.serviceWorker?.removeEventListener('controllerchange', update);
    };
  }, [pathname]);
  return (
    <p
      role="status"
      data-testid="offline-notice"
      className={offline ? 'no-print mb-4 rounded-xl bg-amber-50 px-4 py-3 font-semibold text-ink ring-1 ring-amber-300' : 'sr-only'}
    >
      {offline ? offlineNotice(saved) : ''}
    </p>
  );
}
