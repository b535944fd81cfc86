import { HELD_MAIL_DAYS, WAITING_FOR_CONFIRMATION } from '../../../shared/mail';

/**
 * A member or parent whose address is not confirmed yet (issue 31): the club's mail to them is held,
 * not lost, and the staff looking at them see so.
 */
export function AddressWaiting({ heldMails }: { heldMails: number }) {
  return (
    <p className="mt-2 rounded-xl bg-amber-50 p-3 text-sm text-ink ring-1 ring-amber-300">
      <strong>{WAITING_FOR_CONFIRMATION}.</strong>{' '}
      {heldMails === 0
        ? 'Club e-mails to them are held until they do.'
        : `${heldMails === 1 ? '1 club e-mail is' : `${heldMails} club e-mails are`} held and will be sent as soon as they do; after ${HELD_MAIL_DAYS} days unconfirmed, held e-mails expire unsent.`}
    </p>
  );
}
