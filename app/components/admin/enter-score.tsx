import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { clubTimeToInstant, formatDate } from '../../../shared/dates';
import { client, read } from '../../lib/api-client';
import { useFormSubmit } from '../../lib/use-form-submit';
import { Dialog } from '../ui/dialog';
import { FormMessage, TextField } from '../ui/field';
import { toast } from '../ui/toast';
import { DialogActions } from './dialog-actions';
import type { Fixture } from '../../../shared/contracts/fixtures';
import { fixtureSides, fixtureTitle } from '../../../shared/fixtures';

export const SCORE_SAVED = 'Result saved';
export const MAX_SCORE = 99;
const MATCH_LENGTH_MS = 2 * 60 * 60 * 1000;

/** Whether a fixture has been played (kick-off two hours ago) and still lacks a score: it gets "Enter score". */
export function needsScore(f: Pick<Fixture, 'match_date' | 'match_time' | 'status' | 'home_score' | 'away_score'>, now = new Date()) {
  if (f.status === 'cancelled' || (f.home_score !== null && f.away_score !== null)) return false;
  // Played: kick-off (club time) at least two hours ago, as the dashboard's "Results to enter" (server/services/admin.ts).
  return clubTimeToInstant(f.match_date, (f.match_time ?? '00:00').slice(0, 5)).getTime() + MATCH_LENGTH_MS <= now.getTime();
}

/**
 * The one-tap "Enter score" (ADR 027): a small form for the two scores of a played fixture. It
 * sends the whole fixture back (PUT /api/fixtures/{id}, which validates it) with the scores and
 * the status Completed.
 */
export function EnterScoreDialog({ fixture, onClose, onSaved }: { fixture: Fixture | null; onClose: () => void; onSaved: () => Promise<void> }) {
  const [home, setHome] = useState(fixture?.home_score?.toString() ?? '');
  const [away, setAway] = useState(fixture?.away_score?.toString() ?? '');
  const { busy, formError, errors, setErrors, submit } = useFormSubmit();
  if (!fixture) return null;
  const sides = fixtureSides(fixture, fixture.team);

  const check = (text: string, name: string) => {
    const value = Number(text.trim());
    if (!text.trim()) return `Enter ${name}'s score`;
    if (!Number.isInteger(value) || value < 0 || value > MAX_SCORE) return `${name}'s score must be a whole number from 0 to ${MAX_SCORE}`;
    return '';
  };

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Record<string, string> = {};
    const homeError = check(home, sides.home);
    const awayError = check(away, sides.away);
    if (homeError) found.home_score = homeError;
    if (awayError) found.away_score = awayError;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(found.home_score ? 'score-home' : 'score-away')?.focus();
      return;
    }
    await submit(async () => {
      const f = fixture!;
      await read(
        client.fixtures[':id'].$put({
          param: { id: f.id },
          json: {
            team_id: f.team_id,
            away_team: f.away_team,
            match_date: f.match_date,
            match_time: f.match_time.slice(0, 5),
            venue: f.venue,
            competition: f.competition,
            is_home: f.is_home,
            home_score: Number(home),
            away_score: Number(away),
            status: 'completed',
            match_report: f.match_report,
          },
        }),
      );
      toast.success(SCORE_SAVED);
      await onSaved();
    });
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Enter score"
      description={`${fixtureTitle(fixture, { club: fixture.team })}, ${formatDate(fixture.match_date)} (${fixture.competition})`}
    >
      <form noValidate onSubmit={save} className="space-y-4">
        <FormMessage>{formError}</FormMessage>
        <div className="grid grid-cols-2 items-end gap-4">
          {(
            [
              ['home', home, setHome],
              ['away', away, setAway],
            ] as const
          ).map(([side, value, setValue]) => (
            <TextField
              key={side}
              id={`score-${side}`}
              label={`${sides[side]} (${side})`}
              name={`${side}_score`}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_SCORE}
              required
              value={value}
              error={errors[`${side}_score`]}
              onChange={(e) => setValue(e.target.value)}
            />
          ))}
        </div>
        <DialogActions onClose={onClose} busy={busy} submitLabel="Save result" />
      </form>
    </Dialog>
  );
}

/** Which fixture's score is being entered (`enterScore` opens it) and its dialog, which closes and reloads the page's data after a save. */
export function useEnterScore() {
  const [scoring, setScoring] = useState<Fixture | null>(null);
  const revalidator = useRevalidator();
  const dialog = (
    <EnterScoreDialog
      key={scoring?.id ?? 'closed'}
      fixture={scoring}
      onClose={() => setScoring(null)}
      onSaved={async () => {
        setScoring(null);
        await revalidator.revalidate();
      }}
    />
  );
  return { enterScore: setScoring, scoreDialog: dialog };
}
