import { PRIVACY_NOTICE_LINK_TEXT } from '../../shared/privacy-notice-words';

/**
 * The privacy notice's link on every form that collects personal data (issue 34, point 6). It opens
 * /privacy in a new tab, so nothing typed is lost. Inside a form, pass the version the loader read:
 * it goes back as `notice_version`, and the server stores it beside what the person gave.
 */
export function PrivacyNoticeLink({ version, className = '' }: { version?: number | null; className?: string }) {
  return (
    <p className={`text-sm text-muted ${className}`} data-testid="privacy-notice-link">
      <a
        href="/privacy"
        target="_blank"
        rel="noopener"
        className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        {PRIVACY_NOTICE_LINK_TEXT}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
      {version ? <input type="hidden" name="notice_version" value={version} /> : null}
    </p>
  );
}
