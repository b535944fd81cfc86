import { useId } from 'react';
import { CopyButton, CopyStatus } from '../copy-button';
import { buttonClass } from '../ui/button';

export const CALENDAR_COPIED = 'Calendar link copied';
export const CALENDAR_COPY_FAILED = 'Unable to copy the link';

/** webcal:// makes phones and desktop calendar apps offer to subscribe (Apple Calendar, Outlook). */
export const webcalUrl = (feedUrl: string) => feedUrl.replace(/^https?:/, 'webcal:');
/** Google Calendar's "add by URL", pre-filled. */
export const googleCalendarUrl = (feedUrl: string) => `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcalUrl(feedUrl))}`;

/**
 * "Add to calendar" for a feed: subscribe in the phone's calendar app, in Google Calendar, or copy
 * the link. The link is also shown, ready to copy by hand, so it works without JavaScript; the Copy
 * button is done by public/js/enhance.js and shows once it runs (ADR 025).
 */
export function CalendarSubscribe({ feedUrl, title, intro, headingLevel = 2 }: { feedUrl: string; title: string; intro: string; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const headingId = useId();
  const inputId = useId();
  return (
    <section aria-labelledby={headingId} data-copy-group className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-5">
      <Heading id={headingId} className="text-lg font-bold text-ink">
        {title}
      </Heading>
      <p className="mt-1 text-sm text-muted">{intro}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={webcalUrl(feedUrl)} className={buttonClass('primary', 'md')}>
          Subscribe on this device
        </a>
        <a href={googleCalendarUrl(feedUrl)} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary', 'md')}>
          Add to Google Calendar
        </a>
        <CopyButton
          text={feedUrl}
          copied={CALENDAR_COPIED}
          copiedHint="Paste it into your calendar app to subscribe."
          failed={CALENDAR_COPY_FAILED}
          failedHint="Select the link in the box and copy it."
          className={buttonClass('ghost', 'md', 'ring-1 ring-inset ring-line')}
        >
          Copy link
        </CopyButton>
      </div>
      <CopyStatus />
      <label htmlFor={inputId} className="mt-3 block text-sm font-semibold text-muted">
        Calendar link
      </label>
      <input
        id={inputId}
        readOnly
        value={feedUrl}
        data-select-on-focus
        className="mt-1 min-h-11 w-full rounded-lg border border-line bg-surface px-3 text-sm text-ink"
      />
    </section>
  );
}
