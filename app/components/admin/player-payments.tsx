/** A player's payments in the admin's Players area: the list (a status switches between paid and outstanding) and a form to add one. */
import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { money } from './format';
import { PAYMENT_STATUS_LABELS } from '../../../shared/payment-status';
import { formatDate, today } from '../../../shared/dates';
import { Badge, Panel } from './section';
import type { AdminPlayer as Player, Payment } from '../../../shared/contracts/players';
import { DataTable } from '../ui/data-table';
import { ErrorSummary, fieldId, summaryOf } from '../ui/error-summary';
import { SelectField, TextField } from '../ui/field';
import { boundFields } from '../ui/form-fields';
import { Options } from '../ui/options';
import { toast } from '../ui/toast';
import { client, errorDetail, read } from '../../lib/api-client';
import { useFormSubmit } from '../../lib/use-form-submit';
import { PanelForm } from './panel-form';
import { PAYMENT_TYPES, TOASTS } from './player-sections-shared';
import { useFieldValues } from './use-field-values';

const PAYMENT_FIELDS = ['description', 'amount', 'payment_type', 'due_date'] as const;
const PAYMENT_TONES = { paid: 'success', outstanding: 'warning', overdue: 'danger' } as const;

export function PaymentsSection({ player, payments }: { player: Player; payments: Payment[] }) {
  const revalidator = useRevalidator();
  const [toggling, setToggling] = useState<string | null>(null);

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
                  aria-label={`${PAYMENT_STATUS_LABELS[payment.status]}: mark ${payment.description} as ${payment.status === 'paid' ? 'outstanding' : 'paid'}`}
                  title={`Mark as ${payment.status === 'paid' ? 'outstanding' : 'paid'}`}
                  className="inline-flex min-h-11 items-center rounded-full ring-brand-700 hover:ring-2 disabled:opacity-60 sm:min-h-0"
                >
                  <Badge tone={PAYMENT_TONES[payment.status]}>{PAYMENT_STATUS_LABELS[payment.status]}</Badge>
                </button>
              ),
            },
            {
              header: 'Paid on',
              cell: (payment) =>
                payment.status !== 'paid' && payment.outstanding_amount < payment.amount ? (
                  <span className="whitespace-nowrap">{money(payment.outstanding_amount)} still to pay</span>
                ) : (
                  <span className="whitespace-nowrap">{payment.paid_date ? formatDate(payment.paid_date) : '-'}</span>
                ),
            },
            // Who pays: the player, or a junior's parent or carer (issue 24); nobody yet is said so.
            { header: 'Paid by', cell: (payment) => payment.payer_name ?? 'No payer yet' },
          ]}
        />
      )}
      <p className="mt-2 text-xs text-muted">Select a status to switch it between paid and outstanding. Marking it paid records the payment and e-mails a receipt to whoever pays.</p>

      <AddPaymentForm player={player} />
    </Panel>
  );
}

/** Adds an outstanding payment for the player (checked here first, then by the API). */
function AddPaymentForm({ player }: { player: Player }) {
  const revalidator = useRevalidator();
  const [values, setValues, set] = useFieldValues({ description: '', amount: '', payment_type: PAYMENT_TYPES[0] as string, due_date: today() });
  const { busy, errors, setErrors, submit } = useFormSubmit();
  const paymentErrors = summaryOf(PAYMENT_FIELDS, { fieldErrors: errors }).errors;
  const field = boundFields(values, paymentErrors, set, 'payment');

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
    await submit(
      async () => {
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
      },
      (error) => toast.error(TOASTS.paymentError, { description: errorDetail(error) }),
    );
  }

  return (
    <PanelForm title="Add a payment" onSubmit={add} busy={busy} submitLabel="Add payment" busyLabel="Adding…" spacing="mt-6">
      <ErrorSummary className="mb-4" errors={paymentErrors} order={PAYMENT_FIELDS} idFor={(f) => fieldId(f, 'payment')} />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <TextField label="Description" required {...field('description')} />
        <TextField label="Amount (£)" type="number" inputMode="decimal" step="0.01" min={0} required {...field('amount')} />
        <SelectField label="Type" {...field('payment_type')}>
          <Options values={PAYMENT_TYPES} />
        </SelectField>
        <TextField label="Due date" type="date" required {...field('due_date')} />
      </div>
    </PanelForm>
  );
}
