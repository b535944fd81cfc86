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
    // Offline, a link opens as a full page load, which the worker answers from the phone (React
    // Router's own data fetch for the next page would need the network).
    const fullLoad = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (navigator.onLine || !(link instanceof HTMLAnchorElement) || link.target || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
      const url = new URL(link.href);
      if (url.origin !== location.origin) return;
      event.preventDefault();
      event.stopPropagation();
      location.assign(url.href);
    };
    update();
    document.addEventListener('click', fullLoad, true);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    // The first visit: the worker takes the page over after it loaded.
    navigator.serviceWorker?.addEventListener('controllerchange', update);
    return () => {
      live = false;
      document.removeEventListener('click', fullLoad, true);
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
