import { data, Form, useNavigation } from 'react-router';
import { formatDateGB } from '../../../shared/dates';
import { childCareSchema } from '../../../shared/guardians';
import { childTeamLine, GUARDIAN_LEVEL_LABELS } from '../../../shared/juniors';
import { formatPounds } from '../../../shared/players';
import { AvailabilityButtons, answeredByText } from '../../components/availability';
import { EventFacts } from '../../components/event-facts';
import { QUEUED_TEXT, useOfflineAnswer } from '../../components/offline-answer';
import { AVAILABILITY_LABELS } from '../../../shared/availability';
import { BackLink } from '../../components/back-link';
import { ByDay } from '../../components/by-day';
import { DataDownload } from '../../components/data-download';
import { EmptyState, PaymentStatusBadge, PortalSection } from '../../components/portal';
import { childDataSentence } from '../../../shared/privacy-download';
import { Button } from '../../components/ui/button';
import { ErrorSummary, summaryOf } from '../../components/ui/error-summary';
import { FormMessage, TextAreaField, TextField } from '../../components/ui/field';
import { formFields } from '../../components/ui/form-fields';
import { formError, invalidFields } from '../../lib/errors.server';
import { requireUser } from '../../lib/guards.server';
import { PrivacyNoticeLink } from '../../components/privacy-notice-link';
import type { Route } from './+types/child';
import { portalRead } from './portal.server';
import { pageTitle } from '../../../shared/club';

const CARE_FIELDS = ['emergency_contact_name', 'emergency_contact_phone', 'medical_notes'] as const;

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: pageTitle(`${loaded?.child?.full_name ?? 'My child'} | Players' Area`) },
  { name: 'robots', content: 'noindex' },
];

/** One child's schedule with answers, squad places, payments, documents and care details, for their parents and carers only. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { juniors, availability, selection, players } = context.services;
  const children = await juniors.myChildren(user);
  const child = children.find((c) => c.player_id === params.playerId);
  if (!child) throw data('You are not linked to this child as a parent or carer.', { status: 403 });
  const id = child.player_id;
  const [events, places, payments, documents, care] = await Promise.all([
    portalRead('the schedule', () => availability.forChild(user, id), []),
    portalRead('squad places', () => selection.forChild(user, id), []),
    portalRead('payments', () => players.paymentsOf(user, id), []),
    portalRead('documents', () => juniors.documentsOf(user, id), []),
    portalRead('care details', () => juniors.medicalNotes(user, id), null),
  ]);
  return { child, events, places, payments, documents: documents as Array<{ id: string; title: string; url: string }>, care };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const id = params.playerId;
  try {
    if (intent === 'availability') {
      const kind = String(form.get('kind') ?? '') === 'training' ? 'training' : 'fixture';
      const eventId = String(form.get('id') ?? '');
      const note = String(form.get('note') ?? '');
      const saved = await context.services.availability.answerForChild(user, id, kind, eventId, { status: form.get('status'), note: note || undefined });
      return { ok: true as const, intent, event: eventId, status: saved.status };
    }
    if (intent === 'selection') {
      await context.services.selection.replyForChild(user, id, String(form.get('fixture_id') ?? ''), { confirmed: form.get('confirmed') === 'yes' });
      return { ok: true as const, intent, event: '', message: form.get('confirmed') === 'yes' ? 'Place confirmed.' : 'Place declined: the manager is told.' };
    }
    const values = Object.fromEntries(CARE_FIELDS.map((f) => [f, String(form.get(f) ?? '')]));
    const parsed = childCareSchema.safeParse(values);
    if (!parsed.success) return invalidFields(parsed.error.issues, { intent: 'care', event: '' });
    await context.services.juniors.setCare(user, id, parsed.data);
    return { ok: true as const, intent: 'care', event: '', message: 'Saved.' };
  } catch (error) {
    const response = formError(error);
    return data({ ...response.data, intent, event: String(form.get('id') ?? '') }, { status: response.init?.status ?? 422 });
  }
}

export default function PortalChild({ loaderData, actionData }: Route.ComponentProps) {
  const { child, events, places, payments, documents, care } = loaderData;
  const first = child.full_name.split(' ')[0];
  return (
    <div className="space-y-8">
      <BackLink to="/players-area">← My family</BackLink>
      <PortalSection
        title={`${child.full_name}: matches and training`}
        description={`${childTeamLine(child).replace(/\.$/, '')}${child.age_group ? ` · ${child.age_group}` : ''}. You: ${GUARDIAN_LEVEL_LABELS[child.level]}.`}
      >
        {!child.can_answer && <p className="mb-3 text-sm text-muted">You can see {first}’s answers; their primary parent or carer answers for them.</p>}
        {events.length === 0 ? (
          child.standing === 'in_team' ? (
            <EmptyState next="The team’s matches and training for the next 8 weeks appear here.">Nothing scheduled for {first} yet.</EmptyState>
          ) : (
            <EmptyState>{childTeamLine(child)}</EmptyState>
          )
        ) : (
          <ByDay
            items={events}
            entry={(e) => (
              <li key={`${e.kind}-${e.id}`} data-testid="child-event" className="space-y-2 rounded-xl bg-white p-4 ring-1 ring-line">
                <p className={`font-bold text-ink ${e.cancelled ? 'line-through decoration-1' : ''}`}>{e.title}</p>
                <EventFacts event={e} />
                {child.can_answer || e.cancelled ? (
                  <AvailabilityButtons event={e} compact child={first} />
                ) : (
                  <p className="text-sm text-ink">
                    {first}’s answer: {e.answer ? AVAILABILITY_LABELS[e.answer.status] : 'not given yet'}
                    {e.answer && answeredByText(e.answer, first) ? ` · ${answeredByText(e.answer, first)}` : ''}
                  </p>
                )}
              </li>
            )}
          />
        )}
      </PortalSection>

      <ChildPlaces child={child} places={places} actionData={actionData} />
      <ChildPaymentsAndDocuments first={first!} payments={payments} documents={documents} />
      <CareForm child={child} care={care} actionData={actionData} />
      {child.can_answer && (
        <DataDownload title={`${first}’s data`} sentence={childDataSentence(first!)} href={`/api/privacy/children/${child.player_id}/export`} label={`Download ${first}’s data`} />
      )}
    </div>
  );
}

type Data = Route.ComponentProps['loaderData'];
type Result = Route.ComponentProps['actionData'];

function ChildPlaces({ child, places, actionData }: { child: Data['child']; places: Data['places']; actionData: Result }) {
  const first = child.full_name.split(' ')[0];
  return (
    <PortalSection title={`${first}’s squad places`}>
      {actionData?.ok && actionData.intent === 'selection' && 'message' in actionData && <FormMessage tone="success">{actionData.message}</FormMessage>}
      {actionData && !actionData.ok && actionData.intent === 'selection' && <FormMessage>{actionData.error}</FormMessage>}
      {places.length === 0 ? (
        <EmptyState>Not picked for an upcoming match yet.</EmptyState>
      ) : (
        <ul className="space-y-2">
          {places.map((p) => (
            <li key={p.fixture_id} className="rounded-xl bg-white p-4 ring-1 ring-line">
              <p className="font-bold text-ink">
                {p.team} {p.is_home ? 'vs' : '@'} {p.away_team}
              </p>
              <p className="text-sm text-muted">
                {formatDateGB(p.match_date)} {p.match_time} · {p.role === 'starter' ? 'Starting' : 'Substitute'}, shirt {p.shirt_number} ·{' '}
                {p.confirmed === null ? 'not confirmed yet' : p.confirmed ? 'confirmed' : 'declined'}
              </p>
              {child.level === 'primary' && <PlaceReply fixtureId={p.fixture_id} playerId={child.player_id} first={first!} />}
            </li>
          ))}
        </ul>
      )}
    </PortalSection>
  );
}

/** Confirm or decline a child's place; tapped with no signal, the reply waits on the phone (issue 35). */
function PlaceReply({ fixtureId, playerId, first }: { fixtureId: string; playerId: string; first: string }) {
  const { offline, onSubmit } = useOfflineAnswer('squad', fixtureId, playerId);
  return (
    <Form method="post" className="mt-2 grid grid-cols-2 gap-2" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="selection" />
      <input type="hidden" name="fixture_id" value={fixtureId} />
      <Button type="submit" name="confirmed" value="yes">
        Confirm<span className="sr-only"> {first}’s place</span>
      </Button>
      <Button type="submit" name="confirmed" value="no" variant="secondary">
        Decline<span className="sr-only"> {first}’s place</span>
      </Button>
      <p role="status" className="col-span-2 text-sm">
        {offline &&
          (offline.state === 'refused' ? (
            <span className="font-semibold text-danger">Not sent: {offline.error}</span>
          ) : offline.state === 'queued' ? (
            <span className="text-muted">{QUEUED_TEXT}</span>
          ) : (
            `Sent: ${offline.status === 'confirmed' ? 'place confirmed' : 'place declined'}.`
          ))}
      </p>
    </Form>
  );
}

function ChildPaymentsAndDocuments({ first, payments, documents }: { first: string; payments: Data['payments']; documents: Data['documents'] }) {
  return (
    <>
      <PortalSection title={`${first}’s payments`}>
        {payments.length === 0 ? (
          <EmptyState>No payments asked for.</EmptyState>
        ) : (
          <ul className="space-y-2">
            {payments.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-white p-4 ring-1 ring-line">
                <span className="font-semibold text-ink">{p.description}</span>
                <span className="tabular-nums">{formatPounds(p.amount)}</span>
                <span className="text-sm text-muted">Due {formatDateGB(p.due_date)}</span>
                <PaymentStatusBadge status={p.status} />
              </li>
            ))}
          </ul>
        )}
      </PortalSection>

      <PortalSection title="Documents">
        {documents.length === 0 ? (
          <EmptyState>No documents shared yet.</EmptyState>
        ) : (
          <ul className="space-y-1">
            {documents.map((d) => (
              <li key={d.id}>
                <a href={d.url} className="inline-block min-h-11 py-2 font-semibold text-brand-800 underline">
                  {d.title}
                </a>
              </li>
            ))}
          </ul>
        )}
      </PortalSection>
    </>
  );
}

function CareForm({ child, care, actionData }: { child: Data['child']; care: Data['care']; actionData: Result }) {
  const navigation = useNavigation();
  const first = child.full_name.split(' ')[0];
  const careFailed = actionData && !actionData.ok && actionData.intent === 'care' ? actionData : null;
  const careSummary = summaryOf(CARE_FIELDS, careFailed);
  const field = formFields(care, careSummary.errors);
  return (
    <PortalSection
      title="Emergency contact and medical notes"
      description={`Needed before ${first} can be picked. Seen only by you, ${first}’s team staff and the club’s welfare officer; never sent by e-mail.`}
    >
      {actionData?.ok && actionData.intent === 'care' && <FormMessage tone="success">Saved.</FormMessage>}
      {child.can_answer ? (
        <Form method="post" noValidate className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-line sm:p-6">
          <input type="hidden" name="intent" value="care" />
          <ErrorSummary errors={careSummary.errors} order={CARE_FIELDS} message={careSummary.message} />
          <TextField label="Emergency contact name" required {...field('emergency_contact_name')} />
          <TextField label="Emergency contact phone" type="tel" required {...field('emergency_contact_phone')} />
          <TextAreaField label="Medical notes (optional)" rows={3} {...field('medical_notes')} />
          <PrivacyNoticeLink />
          <Button type="submit" disabled={navigation.state === 'submitting'}>
            Save
          </Button>
        </Form>
      ) : (
        <p className="text-sm text-ink">
          Emergency contact: {care?.emergency_contact_name ? `${care.emergency_contact_name}, ${care.emergency_contact_phone}` : 'not set'}
        </p>
      )}
    </PortalSection>
  );
}
