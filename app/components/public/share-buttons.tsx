import { CopyButton } from '../copy-button';
import { whatsappShareLink } from '../../../shared/whatsapp';

export const COPY_SUCCESS = 'Link copied!';
export const COPY_SUCCESS_HINT = 'Open Instagram and paste the link in your story or post';
export const COPY_FAILURE = 'Unable to copy link';
export const COPY_FAILURE_HINT = 'Please copy the URL manually from your browser';

export const facebookShareLink = (url: string) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;

const linkClass =
  'inline-flex min-h-10 items-center gap-2 rounded-lg px-3 text-sm font-semibold ring-1 ring-inset ring-line bg-white hover:bg-brand-50';

/**
 * Share an article: Facebook's sharer, a WhatsApp text, or a copied 'title - URL' for Instagram.
 * The copy button is done by public/js/enhance.js (data attributes, a polite live region), so it
 * works on pages sent without React (ADR 025) as on React pages; it shows once that script runs.
 */
export function ShareButtons({ title, url }: { title: string; url: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2" aria-label={`Share “${title}”`} role="group" data-copy-group>
      <span className="text-sm font-semibold text-muted">Share:</span>
      <a href={facebookShareLink(url)} target="_blank" rel="noopener noreferrer" className={linkClass}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-[#1877f2]">
          <path d="M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12Z" />
        </svg>
        Facebook
      </a>
      <a href={whatsappShareLink(`${title} - ${url}`)} target="_blank" rel="noopener noreferrer" className={linkClass}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-[#128c4a]">
          <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm5.3 14.1c-.2.6-1.3 1.2-1.8 1.2-.5.1-1 .1-3.3-.8-2.8-1.1-4.5-4-4.7-4.1-.1-.2-1.1-1.5-1.1-2.9s.7-2 1-2.3c.2-.3.5-.3.7-.3h.5c.2 0 .4 0 .6.5l.8 2c.1.1.1.3 0 .5l-.3.5-.4.4c-.1.1-.3.3-.1.6.2.3.7 1.2 1.6 2 1.1.9 2 1.2 2.3 1.4.3.1.5.1.6-.1l.9-1.1c.2-.3.4-.2.6-.1l1.9.9c.3.1.5.2.5.3.1.2.1.7-.1 1.4Z" />
        </svg>
        WhatsApp
      </a>
      <CopyButton text={`${title} - ${url}`} copied={COPY_SUCCESS} copiedHint={COPY_SUCCESS_HINT} failed={COPY_FAILURE} failedHint={COPY_FAILURE_HINT} className={linkClass}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-none stroke-[#c13584]" strokeWidth="2">
          <rect x="3" y="3" width="18" height="18" rx="5" />
          <circle cx="12" cy="12" r="4" />
          <circle cx="17.5" cy="6.5" r="1" className="fill-[#c13584]" />
        </svg>
        Copy link
      </CopyButton>
      <p role="status" data-copy-status className="basis-full text-sm empty:sr-only" />
    </div>
  );
}
