import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { money } from './format';
import { RatingStars } from '../portal';
import { Badge, Panel } from './section';
import { FEEDBACK_CATEGORIES } from '../../../shared/players';
import type { AdminPlayer as Player, Feedback, Payment, PlayerStats } from '../../../shared/contracts/players';
import { Button } from '../ui/button';
import { DataTable } from '../ui/data-table';
import { ErrorSummary, fieldId, summaryOf } from '../ui/error-summary';
import { SelectField, TextAreaField, TextField } from '../ui/field';
import { toast } from '../ui/toast';
import { ApiError, client, errorDetail, read } from '../../lib/api-client';
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from '../../../shared/auth';
import { DEFAULT_COACH_NAME, DEFAULT_PAYMENT_TYPE } from '../../../shared/players';
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

const LOGIN_FIELDS = ['username', 'email', 'password'] as const;
const PAYMENT_FIELDS = ['description', 'amount', 'payment_type', 'due_date'] as const;

/**
 * The sections of one player in the admin's Players area (ADR 027; until then the Player
 * Management tab): their login, season stats, payments and feedback.
 */

/** The toasts of a player's sections (docs/product.md#toasts). */
export const TOASTS = {
  accountCreated: 'Player account created successfully',
  accountError: 'Error creating player account',
  passwordReset: 'Password reset successfully',
  passwordError: 'Error resetting password',
  statsUpdated: 'Player stats updated successfully',
  statsError: 'Error updating stats',
  paymentAdded: 'Payment added successfully',
  paymentError: 'Error adding payment',
  paymentStatusUpdated: 'Payment status updated successfully',
  paymentStatusError: 'Error updating payment status',
  feedbackAdded: 'Feedback added successfully',
  feedbackError: 'Error adding feedback',
} as const;

export const COACH_NAME = DEFAULT_COACH_NAME;
export const PASSWORD_MIN = PASSWORD_MIN_LENGTH;
export const PAYMENT_TYPES = [DEFAULT_PAYMENT_TYPE, 'Match Fee', 'Kit', 'Training', 'Other'] as const;

export const hasLogin = (player: Pick<Player, 'user_id'>) => Boolean(player.user_id);

export function AccountSection({ player }: { player: Player }) {
  return (
    <Panel title="Login account">
      {hasLogin(player) ? <ResetPasswordForm player={player} /> : <CreateLoginForm player={player} />}
    </Panel>
  );
}

function CreateLoginForm({ player }: { player: Player }) {
  const revalidator = useRevalidator();
  const [values, setValues] = useState({ username: '', email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));
  const summary = summaryOf(LOGIN_FIELDS, { error: formError, fieldErrors: errors });

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!values.username.trim()) found.username = 'Username is required';
    if (!values.email.trim()) found.email = 'Email is required';
    if (!values.password) found.password = 'Password is required';
    else if (values.password.length < PASSWORD_MIN) found.password = PASSWORD_TOO_SHORT;
    setErrors(found);
    if (Object.keys(found).length > 0) return; // nothing is sent
    setBusy(true);
    setFormError('');
    try {
      await read(
        client.admin['create-player-account'].$post({
          json: { player_id: player.id, username: values.username.trim(), email: values.email.trim(), password: values.password },
        }),
      );
      toast.success(TOASTS.accountCreated);
      await revalidator.revalidate();
    } catch (error) {
      setFormError(errorDetail(error));
      if (error instanceof ApiError) setErrors(error.fieldErrors);
      toast.error(TOASTS.accountError, { description: errorDetail(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={create} className="space-y-4">
      <p className="text-sm text-muted">
        {player.full_name} has no login yet.{' '}
        {player.team_type === 'Staff' ? 'Members of the Staff team get a staff account.' : 'Create one so they can use the Players’ Area.'}
      </p>
      <ErrorSummary errors={summary.errors} order={LOGIN_FIELDS} message={summary.message} idFor={(f) => fieldId(f, 'login')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField id={fieldId('username', 'login')} label="Username" name="username" autoComplete="off" required value={values.username} error={summary.errors.username} onChange={set('username')} />
        <TextField id={fieldId('email', 'login')} label="Email" name="email" type="email" autoComplete="off" required value={values.email} error={summary.errors.email} onChange={set('email')} />
        <TextField
          id={fieldId('password', 'login')}
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={values.password}
          error={summary.errors.password}
          onChange={set('password')}
        />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? 'Creating…' : 'Create login'}
      </Button>
    </form>
  );
}

function ResetPasswordForm({ player }: { player: Player }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function reset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password.length < PASSWORD_MIN) {
      setError(password ? PASSWORD_TOO_SHORT : 'New password is required');
      return;
    }
    setError('');
    setBusy(true);
    try {
      await read(client.auth['reset-password'][':userId'].$put({ param: { userId: player.user_id! }, json: { password } }));
      toast.success(TOASTS.passwordReset);
      setPassword('');
    } catch (e) {
      setError(errorDetail(e));
      toast.error(TOASTS.passwordError, { description: errorDetail(e) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={reset} className="space-y-4">
      <p className="text-sm text-muted">
        <Badge tone="success">Has login</Badge> Resetting the password signs {player.full_name} out everywhere.
      </p>
      <ErrorSummary errors={{ new_password: error }} idFor={(f) => fieldId(f, 'reset')} />
      <div className="flex flex-wrap items-start gap-3">
        <TextField
          id={fieldId('new_password', 'reset')}
          label="New password"
          name="new_password"
          type="password"
          autoComplete="new-password"
          required
          className="w-full sm:w-72"
          value={password}
          error={error}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" className="sm:mt-7" disabled={busy}>
          {busy ? 'Resetting…' : 'Reset password'}
        </Button>
      </div>
    </form>
  );
}

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

const PAYMENT_TONES = { paid: 'success', outstanding: 'warning', overdue: 'danger' } as const;
const PAYMENT_LABELS = { paid: 'Paid', outstanding: 'Outstanding', overdue: 'Overdue' } as const;

export function PaymentsSection({ player, payments }: { player: Player; payments: Payment[] }) {
  const revalidator = useRevalidator();
  const [values, setValues] = useState({ description: '', amount: '', payment_type: PAYMENT_TYPES[0] as string, due_date: today() });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [toggling, setToggling] = useState<string | null>(null);
  const paymentErrors = summaryOf(PAYMENT_FIELDS, { fieldErrors: errors }).errors;
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Record<string, string> = {};
    const amount = Number(values.amount);
    if (!values.description.trim()) found.description = 'Description is required';
    if (!values.amount.trim()) found.amount = 'Amount is required';
    else if (!Number.isFinite(amount) || amount <= 0) found.amount = 'Enter an amount in pounds, e.g. 25.00';
    if (!values.due_date) found.due_date = 'Due date is required';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await read(
        client.players[':id'].payments.$post({
          param: { id: player.id },
          json: {
            description: values.description.trim(),
            amount: Math.round(amount * 100) / 100,
            payment_type: values.payment_type,
            status: 'outstanding',
            due_date: values.due_date,
          },
        }),
      );
      toast.success(TOASTS.paymentAdded);
      setValues({ description: '', amount: '', payment_type: PAYMENT_TYPES[0], due_date: today() });
      await revalidator.revalidate();
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fieldErrors);
      toast.error(TOASTS.paymentError, { description: errorDetail(error) });
    } finally {
      setBusy(false);
    }
  }

  async function toggle(payment: Payment) {
    setToggling(payment.id);
    try {
      await read(
        client.players[':id'].payments[':paymentId'].$put({
          param: { id: player.id, paymentId: payment.id },
          json: { status: payment.status === 'paid' ? 'outstanding' : 'paid' },
        }),
      );
      toast.success(TOASTS.paymentStatusUpdated);
      await revalidator.revalidate();
    } catch (error) {
      toast.error(TOASTS.paymentStatusError, { description: errorDetail(error) });
    } finally {
      setToggling(null);
    }
  }

  return (
    <Panel title="Payments">
      {payments.length === 0 ? (
        <p className="text-sm text-muted">No payment records found</p>
      ) : (
        <DataTable
          caption={`Payments of ${player.full_name}`}
          rows={payments}
          rowKey={(payment) => payment.id}
          empty="No payment records found"
          columns={[
            { header: 'Description', cell: (payment) => <span className="font-semibold">{payment.description}</span> },
            { header: 'Type', cell: (payment) => payment.payment_type },
            { header: 'Amount', numeric: true, cell: (payment) => <span className="whitespace-nowrap">{money(payment.amount)}</span> },
            { header: 'Due', cell: (payment) => <span className="whitespace-nowrap">{formatDate(payment.due_date)}</span> },
            {
              header: 'Status',
              cell: (payment) => (
                <button
                  type="button"
                  disabled={toggling === payment.id}
                  onClick={() => toggle(payment)}
                  aria-label={`${PAYMENT_LABELS[payment.status]}: mark ${payment.description} as ${payment.status === 'paid' ? 'outstanding' : 'paid'}`}
                  title={`Mark as ${payment.status === 'paid' ? 'outstanding' : 'paid'}`}
                  className="inline-flex min-h-11 items-center rounded-full ring-brand-700 hover:ring-2 disabled:opacity-60 sm:min-h-0"
                >
                  <Badge tone={PAYMENT_TONES[payment.status]}>{PAYMENT_LABELS[payment.status]}</Badge>
                </button>
              ),
            },
            { header: 'Paid on', cell: (payment) => <span className="whitespace-nowrap">{payment.paid_date ? formatDate(payment.paid_date) : '-'}</span> },
          ]}
        />
      )}
      <p className="mt-2 text-xs text-muted">Select a status to switch it between paid and outstanding.</p>

      <form noValidate onSubmit={add} className="mt-6 border-t border-line pt-4">
        <h4 className="mb-3 font-semibold">Add a payment</h4>
        <ErrorSummary className="mb-4" errors={paymentErrors} order={PAYMENT_FIELDS} idFor={(f) => fieldId(f, 'payment')} />
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <TextField id={fieldId('description', 'payment')} label="Description" name="description" required value={values.description} error={paymentErrors.description} onChange={set('description')} />
          <TextField
            id={fieldId('amount', 'payment')}
            label="Amount (£)"
            name="amount"
            type="number"
            inputMode="decimal"
            step="0.01"
            min={0}
            required
            value={values.amount}
            error={paymentErrors.amount}
            onChange={set('amount')}
          />
          <SelectField id={fieldId('payment_type', 'payment')} label="Type" name="payment_type" value={values.payment_type} error={paymentErrors.payment_type} onChange={set('payment_type')}>
            {PAYMENT_TYPES.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </SelectField>
          <TextField id={fieldId('due_date', 'payment')} label="Due date" name="due_date" type="date" required value={values.due_date} error={paymentErrors.due_date} onChange={set('due_date')} />
        </div>
        <Button type="submit" className="mt-4" disabled={busy}>
          {busy ? 'Adding…' : 'Add payment'}
        </Button>
      </form>
    </Panel>
  );
}

const RATINGS = [1, 2, 3, 4, 5] as const;

export function FeedbackSection({ player, feedback }: { player: Player; feedback: Feedback[] }) {
  const revalidator = useRevalidator();
  const [category, setCategory] = useState<string>(FEEDBACK_CATEGORIES[0]);
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
          json: { coach_name: COACH_NAME, category: category as FeedbackCategory, feedback: text.trim(), rating, date },
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
          <SelectField label="Category" name="category" value={category} onChange={(e) => setCategory(e.target.value)}>
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
