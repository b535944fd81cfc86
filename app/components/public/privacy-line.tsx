/** Issue 33: where a form asks for personal details, the club's privacy notice is one link away. */
export const PRIVACY_LINE = 'We keep the details you give us to run the club.';

export function PrivacyLine() {
  return (
    <p className="text-sm text-muted" data-testid="privacy-line">
      {PRIVACY_LINE} Our{' '}
      <a href="/privacy" className="font-semibold text-brand-800 underline">
        privacy notice
      </a>{' '}
      says how we look after them.
    </p>
  );
}
