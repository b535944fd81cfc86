import { Form, useNavigation } from 'react-router';
import type { FamilyHome } from '../../../shared/contracts/family';
import { formatDateGB, formatLongDateGB } from '../../../shared/dates';
import { ParentRequestFields } from '../parent-request-fields';
import { CalendarSubscribe } from '../public/calendar-subscribe';
import { formFields } from '../ui/form-fields';
import { Button } from '../ui/button';
import { FormMessage, SelectField, TextField } from '../ui/field';

/** The intents these forms post (app/lib/family.server.ts's FAMILY_INTENTS, repeated here: this module runs in the browser). */
const INTENT = { calendar: 'family-calendar', phone: 'family-phone', invite: 'family-invite' } as const;

/** What the page's action answered for one of these forms. */
export type FamilyResult =
  | { ok: true; intent: string; message?: string; calendarUrl?: string }
  | { ok: false; intent: string; error: string; fieldErrors?: Record<string, string>; values?: Record<string, string> }
  | undefined;

const card = 'space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-5';

function resultFor(result: FamilyResult, intent: string) {
  return result && 'intent' in result && result.intent === intent ? result : undefined;
}

/** Children the parent asked the club to register or link, waiting for a decision. */
export function WaitingRequests({ requests }: { requests: FamilyHome['requests'] }) {
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby="family-waiting" data-testid="family-requests" className="rounded-2xl border border-gold-500 bg-yellow-50 p-4 sm:p-5">
      <h3 id="family-waiting" className="font-bold text-ink">
        Waiting for the club
      </h3>
      <ul className="mt-1 space-y-1 text-sm text-ink">
        {requests.map((r) => (
          <li key={r.id}>
            {r.child_name}
            {r.team_name ? ` (${r.team_name})` : ''}: asked on {formatDateGB(r.created_at.slice(0, 10))}. The secretary or welfare officer checks it with the team and
            e-mails you either way.
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The family's private calendar link: their children's teams only, kept up to date. */
export function FamilyCalendar({ since, result }: { since: string | null; result: FamilyResult }) {
  const navigation = useNavigation();
  const done = resultFor(result, INTENT.calendar);
  const url = done?.ok ? done.calendarUrl : undefined;
  if (url) {
    return (
      <CalendarSubscribe
        feedUrl={url}
        headingLevel={3}
        title="Your family calendar link"
        intro="Your children’s matches and training, with their answers. Add it to your calendar now: for your privacy it is shown only this once."
      />
    );
  }
  return (
    <section aria-labelledby="family-calendar" className={card}>
      <h3 id="family-calendar" className="font-bold text-ink">
        Your family calendar
      </h3>
      <p className="text-sm text-ink">
        {since
          ? `You made a calendar link on ${formatLongDateGB(since.slice(0, 10))}. Lost it? Get a new one: the old link stops working at once.`
          : 'Your children’s matches and training in your phone’s calendar, kept up to date. The link is private: anyone who has it can see their schedule.'}
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value={INTENT.calendar} />
        <Button type="submit" disabled={navigation.state === 'submitting'}>
          {since ? 'Get a new calendar link' : 'Get my calendar link'}
        </Button>
      </Form>
    </section>
  );
}

/** The parent's own phone number, for the coach on match days. */
export function FamilyPhone({ phone, result }: { phone: string | null; result: FamilyResult }) {
  const done = resultFor(result, INTENT.phone);
  return (
    <section aria-labelledby="family-phone" className={card}>
      <h3 id="family-phone" className="font-bold text-ink">
        Your phone number
      </h3>
      {done?.ok && <FormMessage tone="success">{done.message}</FormMessage>}
      <Form method="post" noValidate className="space-y-3">
        <input type="hidden" name="intent" value={INTENT.phone} />
        <TextField
          label="Mobile or home phone"
          name="phone"
          id="family-phone-number"
          type="tel"
          autoComplete="tel"
          hint="So the club can reach you about your children. Leave it empty to remove it."
          defaultValue={done && !done.ok ? (done.values?.phone ?? '') : (phone ?? '')}
          error={done && !done.ok ? (done.fieldErrors?.phone ?? done.error) : undefined}
        />
        <Button type="submit" variant="secondary">
          Save phone number
        </Button>
      </Form>
    </section>
  );
}

/** Adding the other parent or carer (an invitation from a primary parent), and adding another child (the club's request form). */
export function FamilyAdd({ children, teams, result }: { children: FamilyHome['children']; teams: ReadonlyArray<{ id: string; name: string }>; result: FamilyResult }) {
  const done = resultFor(result, INTENT.invite);
  const primaryOf = children.filter((c) => c.level === 'primary');
  const failed = done && !done.ok ? done : undefined;
  return (
    <section aria-labelledby="family-add" className={card}>
      <h3 id="family-add" className="font-bold text-ink">
        Add to your family
      </h3>
      <details className="rounded-xl bg-brand-50 p-3 ring-1 ring-brand-200">
        <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-brand-800">Register another child</summary>
        <p className="mt-1 text-sm text-muted">The secretary or the welfare officer checks it with the team before you see anything about them.</p>
        {/* The request is My children's form: its answer (or what to correct) shows there. */}
        <Form method="post" action="/players-area/children" noValidate className="mt-2 space-y-3">
          <ParentRequestFields field={formFields(undefined, undefined, 'family-child')} teams={teams} />
          <Button type="submit" variant="secondary">
            Send my request
          </Button>
        </Form>
      </details>
      {primaryOf.length > 0 && (
        <details open={Boolean(done)} className="rounded-xl bg-brand-50 p-3 ring-1 ring-brand-200">
          <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-brand-800">Invite the other parent or carer</summary>
          {done?.ok && <FormMessage tone="success">{done.message}</FormMessage>}
          {failed && !failed.fieldErrors?.email && !failed.fieldErrors?.player_id && <FormMessage>{failed.error}</FormMessage>}
          <Form method="post" noValidate className="mt-2 space-y-3">
            <input type="hidden" name="intent" value={INTENT.invite} />
            <input type="hidden" name="level" value="secondary" />
            <p className="text-sm text-ink">They get an e-mail with a link to make their own login. They can then see and answer for the child, as you can.</p>
            {primaryOf.length === 1 ? (
              <input type="hidden" name="player_id" value={primaryOf[0]!.player_id} />
            ) : (
              <SelectField label="For which child" name="player_id" id="family-invite-child" defaultValue={failed?.values?.player_id ?? ''} error={failed?.fieldErrors?.player_id}>
                {primaryOf.map((c) => (
                  <option key={c.player_id} value={c.player_id}>
                    {c.full_name}
                  </option>
                ))}
              </SelectField>
            )}
            <TextField
              label="Their e-mail address"
              name="email"
              id="family-invite-email"
              type="email"
              autoComplete="off"
              required
              defaultValue={failed?.values?.email ?? ''}
              error={failed?.fieldErrors?.email}
            />
            <TextField label="Their relationship to the child (optional)" name="relationship" id="family-invite-relationship" hint="For example father, step-mother, grandparent" defaultValue={failed?.values?.relationship ?? ''} />
            <Button type="submit" variant="secondary">
              Send the invitation
            </Button>
          </Form>
        </details>
      )}
    </section>
  );
}
