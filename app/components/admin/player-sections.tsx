import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { RatingStars } from '../portal';
import { Badge, Panel } from './section';
import { FEEDBACK_CATEGORIES } from '../../../shared/players';
import type { AdminPlayer as Player, Feedback, PlayerStats } from '../../../shared/contracts/players';
import { Button } from '../ui/button';
import { ErrorSummary, fieldId } from '../ui/error-summary';
import { SelectField, TextAreaField, TextField } from '../ui/field';
import { TOASTS } from './player-sections-shared';
import { toast } from '../ui/toast';
import { client, errorDetail, read } from '../../lib/api-client';
import { choiceOf } from '../../lib/choices';
import { formatDate, today } from '../../../shared/dates';

type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

/** The match stats an admin or coach types in, with their labels. */
const STAT_FIELDS = [
  ['matches_played', 'Matches played'],
  ['matches_started', 'Matches started'],
  ['goals', 'Goals'],
  ['assists', 'Assists'],
  ['minutes_played', 'Minutes played'],
  ['yellow_cards', 'Yellow cards'],
  ['red_cards', 'Red cards'],
] as const;
type StatField = (typeof STAT_FIELDS)[number][0];


/**
 * The sections of one player in the admin's Players area (ADR 027; until then the Player
 * Management tab): their login, season stats, payments and feedback.
 */

export { AccountSection } from './player-account';
export { PaymentsSection } from './player-payments';
export { COACH_NAME, hasLogin, PASSWORD_MIN, PAYMENT_TYPES, TOASTS } from './player-sections-shared';


/** The value a stat input sends: an integer, 0 when it does not parse (docs/product.md#admin-panel). */
export const parseStat = (text: string) => {
  const value = Number.parseInt(text, 10);
  return Number.isNaN(value) ? 0 : value;
};

/** Only the stats whose input differs from the current value. */
export function changedStats(initial: Record<StatField, string>, values: Record<StatField, string>) {
  const changed: Partial<Record<StatField, number>> = {};
  for (const [field] of STAT_FIELDS) {
    if (values[field].trim() !== initial[field]) changed[field] = parseStat(values[field]);
  }
  return changed;
}

export function StatsSection({ player, stats }: { player: Player; stats: PlayerStats | null }) {
  const revalidator = useRevalidator();
  const initial = Object.fromEntries(STAT_FIELDS.map(([field]) => [field, stats?.[field] == null ? '' : String(stats[field])])) as Record<
    StatField,
    string
  >;
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const changed = changedStats(initial, values);
    if (Object.keys(changed).length === 0) {
      toast.info('No changes to save');
      return;
    }
    setBusy(true);
    try {
      await read(client.players[':id'].stats.$put({ param: { id: player.id }, json: changed }));
      toast.success(TOASTS.statsUpdated);
      await revalidator.revalidate();
    } catch (error) {
      toast.error(TOASTS.statsError, { description: errorDetail(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title="Season stats">
      <form noValidate onSubmit={save}>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {STAT_FIELDS.map(([field, label]) => (
            <TextField
              key={field}
              label={label}
              name={field}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              placeholder="0"
              value={values[field]}
              onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
            />
          ))}
        </div>
        <Button type="submit" className="mt-4" disabled={busy}>
          {busy ? 'Saving…' : 'Save stats'}
        </Button>
      </form>
    </Panel>
  );
}


const RATINGS = [1, 2, 3, 4, 5] as const;

export function FeedbackSection({ player, feedback }: { player: Player; feedback: Feedback[] }) {
  const revalidator = useRevalidator();
  const [category, setCategory] = useState<FeedbackCategory>(FEEDBACK_CATEGORIES[0]);
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [date, setDate] = useState(today());
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!text.trim()) {
      setError('Feedback is required');
      return;
    }
    setError('');
    setBusy(true);
    try {
      await read(
        client.players[':id'].feedback.$post({
          param: { id: player.id },
          json: { category, feedback: text.trim(), rating, date },
        }),
      );
      toast.success(TOASTS.feedbackAdded);
      setText('');
      setRating(null);
      await revalidator.revalidate();
    } catch (e) {
      toast.error(TOASTS.feedbackError, { description: errorDetail(e) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title="Feedback and manager notes">
      {feedback.length === 0 ? (
        <p className="text-sm text-muted">No coach feedback available yet</p>
      ) : (
        <ul className="space-y-3">
          {feedback.map((item) => (
            <li key={item.id} className="rounded-xl bg-gray-50 p-3">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Badge tone="info">{item.category}</Badge>
                <RatingStars rating={item.rating} />
                <span className="text-sm text-muted">
                  {formatDate(item.date)} · {item.coach_name}
                </span>
              </div>
              <p className="mt-2 whitespace-pre-line text-sm">{item.feedback}</p>
            </li>
          ))}
        </ul>
      )}

      <form noValidate onSubmit={add} className="mt-6 space-y-4 border-t border-line pt-4">
        <h4 className="font-semibold">Add feedback</h4>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Category" name="category" value={category} onChange={(e) => setCategory(choiceOf(FEEDBACK_CATEGORIES, e.target.value) ?? FEEDBACK_CATEGORIES[0])}>
            {FEEDBACK_CATEGORIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </SelectField>
          <TextField label="Date" name="date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </div>
        <fieldset>
          <legend className="mb-1 text-sm font-semibold">Rating</legend>
          <div className="flex flex-wrap gap-2">
            {[null, ...RATINGS].map((value) => {
              const id = `rating-${value ?? 'none'}`;
              return (
                <div key={id}>
                  <input
                    type="radio"
                    id={id}
                    name="rating"
                    className="peer sr-only"
                    checked={rating === value}
                    onChange={() => setRating(value)}
                  />
                  <label
                    htmlFor={id}
                    className="inline-flex min-h-11 cursor-pointer items-center rounded-lg px-3 text-sm font-semibold ring-1 ring-line peer-checked:bg-brand-800 peer-checked:text-white peer-focus-visible:outline-3 peer-focus-visible:outline-gold-500"
                  >
                    {value === null ? (
                      'No rating'
                    ) : (
                      <>
                        <span aria-hidden="true" className="mr-1">
                          ★
                        </span>
                        {value === 1 ? '1 star' : `${value} stars`}
                      </>
                    )}
                  </label>
                </div>
              );
            })}
          </div>
        </fieldset>
        <ErrorSummary errors={{ feedback: error }} idFor={(f) => fieldId(f, 'feedback')} />
        <TextAreaField id={fieldId('feedback', 'feedback')} label="Feedback" name="feedback" required value={text} error={error} onChange={(e) => setText(e.target.value)} />
        <Button type="submit" disabled={busy}>
          {busy ? 'Adding…' : 'Add feedback'}
        </Button>
      </form>
    </Panel>
  );
}
