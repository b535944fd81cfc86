import type { ClubSettings } from '../../../shared/settings';

/**
 * "Welfare officer: Jo Bloggs, welfare@club.org" (issue 23): every club with junior teams has a
 * welfare officer parents can find and contact (FA). On every public page's footer and on About;
 * nothing while the club has neither a welfare officer nor their address.
 */
export function WelfareContact({ settings, className, linkClassName }: { settings: ClubSettings; className?: string; linkClassName?: string }) {
  if (!settings.welfare_officer && !settings.welfare_email) return null;
  return (
    <p className={className} data-testid="welfare-contact">
      {`Welfare officer: ${settings.welfare_officer ?? 'the club’s welfare officer'}`}
      {settings.welfare_email && (
        <>
          ,{' '}
          <a href={`mailto:${settings.welfare_email}`} className={linkClassName ?? 'underline hover:text-white'}>
            {settings.welfare_email}
          </a>
        </>
      )}
    </p>
  );
}
