import { Link } from 'react-router';

/**
 * What happens to a player's medical notes (ADR 026): who sees them, why the club asks,
 * and how to change or delete them. It is the medical notes field's hint (Register and Edit
 * Profile), so a screen reader hears it with the field; spans, as a hint is a paragraph.
 */
export function MedicalNotesNotice({ signedIn = false }: { signedIn?: boolean }) {
  return (
    <span className="mt-2 block rounded-lg bg-surface p-3" data-testid="medical-notes-notice">
      <span className="block font-semibold text-ink">Private: never shown on the public site.</span>
      <span className="mt-1 block">
        Only you and the club's admins and coaching staff can see these notes. We ask so that whoever runs training or a match knows
        what to do if you are unwell or injured.{' '}
        {signedIn ? (
          'You can change or delete them here at any time.'
        ) : (
          <>
            You can change or delete them at any time in the Players' Area under{' '}
            <Link to="/players-area/profile?edit" className="font-semibold text-brand-800 underline">
              My Profile
            </Link>
            .
          </>
        )}
      </span>
    </span>
  );
}
