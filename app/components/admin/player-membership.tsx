/**
 * A player's standing in the admin's Players area (issue 21): "Left the club" archives them
 * (history kept, reversible with "Back in the club"); "Delete for good" erases them, after a
 * confirmation that names the person and lists what goes (GET /api/players/{id}/erasure).
 */
import { useEffect, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import type { AdminPlayer as Player } from '../../../shared/contracts/players';
import { client, errorDetail, read, type Answer } from '../../lib/api-client';
import { Button } from '../ui/button';
import { toast } from '../ui/toast';
import { ConfirmDialog } from './confirm-dialog';
import { Badge, Panel } from './section';

type Erasure = Answer<Awaited<ReturnType<(typeof client.players)[':id']['erasure']['$get']>>>;

export const LEAVE_EXPLAINED =
  'They come off the public pages, the players list and every upcoming squad, their places on team staffs and their club roles end, and their login is switched off. ' +
  'Their stats, payments, attendance and answers are kept, and “Back in the club” undoes it at any time.';
export const KEEP_HISTORY_HINT = 'To keep their history instead, use “Left the club”: it can be undone.';
export const DELETED_TOAST = 'Player deleted successfully!';

const sentence = (what: string) => what.charAt(0).toUpperCase() + what.slice(1);

/** What deleting the player removes, loaded from the API when the confirmation opens. */
export function ErasureDetails({ playerId }: { playerId: string }) {
  const [state, setState] = useState<{ erasure?: Erasure; error?: string }>({});
  useEffect(() => {
    let current = true;
    read(client.players[':id'].erasure.$get({ param: { id: playerId } })).then(
      (erasure) => current && setState({ erasure }),
      (error) => current && setState({ error: errorDetail(error) }),
    );
    return () => {
      current = false;
    };
  }, [playerId]);

  const { erasure, error } = state;
  return (
    <div className="mb-4 space-y-3 text-sm">
      {error ? (
        <p role="alert" className="text-danger">
          Could not list what goes: {error}
        </p>
      ) : !erasure ? (
        <p role="status" className="text-muted">
          Counting their records…
        </p>
      ) : (
        <>
          <p className="font-semibold">Deleting removes, for good:</p>
          <ul className="list-disc space-y-1 pl-5" aria-label={`What deleting ${erasure.full_name} removes`}>
            <li>Their player record: name, details, photo and contact details</li>
            {erasure.login &&
              (erasure.login_removed ? (
                <li>
                  Their login <strong className="break-all">{erasure.login}</strong>
                </li>
              ) : (
                <li>
                  Not their login <strong className="break-all">{erasure.login}</strong>: a staff or admin account, it stays, no longer linked
                </li>
              ))}
            {erasure.items.map((item) => (
              <li key={item.what}>
                {sentence(item.what)}: <strong>{item.count}</strong>
              </li>
            ))}
          </ul>
          {erasure.kept.length > 0 && (
            <>
              <p className="font-semibold">Kept without their name, as the club’s accounts must be:</p>
              <ul className="list-disc space-y-1 pl-5" aria-label={`What stays after deleting ${erasure.full_name}`}>
                {erasure.kept.map((item) => (
                  <li key={item.what}>
                    {sentence(item.what)}: <strong>{item.count}</strong>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
      <p className="text-muted">{KEEP_HISTORY_HINT}</p>
    </div>
  );
}

/** The delete confirmation of a player, for the list's Delete and the player page alike. */
export const playerDeleteConfirmation = (player: Pick<Player, 'id' | 'full_name'>) => ({
  title: `Delete ${player.full_name}?`,
  message: 'This cannot be undone.',
  details: <ErasureDetails key={player.id} playerId={player.id} />,
  confirmLabel: 'Delete for good',
});

/** The Membership panel of a player's page (admins only). */
export function MembershipSection({ player, hasLeft }: { player: Player; hasLeft: boolean }) {
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [asking, setAsking] = useState<'leave' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);

  async function leave() {
    setBusy(true);
    try {
      const result = await read(client.players[':id'].leave.$post({ param: { id: player.id } }));
      const squads = result.removed_from_squads.length;
      toast.success(result.detail, {
        description: squads ? `Taken out of ${squads} upcoming squad${squads === 1 ? '' : 's'}; their managers have been told by e-mail.` : undefined,
      });
      setAsking(null);
      await revalidator.revalidate();
    } catch (error) {
      toast.error('Error marking the player as left', { description: errorDetail(error) });
    } finally {
      setBusy(false);
    }
  }

  async function comeBack() {
    setBusy(true);
    try {
      const result = await read(client.players[':id'].return.$post({ param: { id: player.id } }));
      toast.success(result.detail);
      await revalidator.revalidate();
    } catch (error) {
      toast.error('Error bringing the player back', { description: errorDetail(error) });
    } finally {
      setBusy(false);
    }
  }

  async function erase() {
    setBusy(true);
    try {
      await read(client.players[':id'].$delete({ param: { id: player.id } }));
      toast.success(DELETED_TOAST);
      setAsking(null);
      await navigate('/admin/players');
    } catch (error) {
      toast.error('Error deleting Player', { description: errorDetail(error) });
    } finally {
      setBusy(false);
    }
  }

  const deleting = playerDeleteConfirmation(player);
  return (
    <Panel title="Membership">
      <p className="mb-4 flex flex-wrap items-center gap-2 text-sm">
        <span>Status:</span>
        {hasLeft ? <Badge tone="warning">Left the club</Badge> : <Badge tone="success">In the club</Badge>}
      </p>
      <p className="mb-4 text-sm text-muted">
        {hasLeft
          ? 'Their history is kept; they are on no public page, list or squad, and their login is off. Bringing them back rejoins the teams they left and switches their login on.'
          : 'Someone who leaves keeps their history: mark them as left rather than deleting them.'}
      </p>
      <div className="flex flex-wrap gap-3">
        {hasLeft ? (
          <Button onClick={comeBack} disabled={busy}>
            {busy && asking === null ? 'Bringing back…' : 'Back in the club'}
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setAsking('leave')} disabled={busy}>
            Left the club
          </Button>
        )}
        <Button variant="danger" onClick={() => setAsking('delete')} disabled={busy}>
          Delete for good
        </Button>
      </div>
      <ConfirmDialog
        open={asking === 'leave'}
        title={`${player.full_name} has left the club?`}
        message={LEAVE_EXPLAINED}
        confirmLabel="Left the club"
        busyLabel="Saving…"
        tone="primary"
        busy={busy}
        onConfirm={leave}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'delete'}
        title={deleting.title}
        message={deleting.message}
        confirmLabel={deleting.confirmLabel}
        busy={busy}
        onConfirm={erase}
        onCancel={() => setAsking(null)}
      >
        {asking === 'delete' && deleting.details}
      </ConfirmDialog>
    </Panel>
  );
}
