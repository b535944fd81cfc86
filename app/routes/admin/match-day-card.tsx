import { Link } from 'react-router';
import { telHref } from '../../lib/tel';
import type { MatchDayChild } from '../../../shared/contracts/match-day';
import { formatDateTime } from '../../../shared/dates';
import { adminMeta } from '../../components/admin/meta';
import { Badge } from '../../components/admin/section';
import { loadOrRefuse } from '../../lib/errors.server';
import { requireCan } from '../../lib/guards.server';
import type { Route } from './+types/match-day-card';

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(data ? `Match-day card: ${data.card.team.name}` : 'Match-day card', 'Each child’s medical notes, who to call, photo consent and who may collect.');

export const NO_PHOTOS = 'No photos';
export const NO_CHILDREN = 'Nobody plays for this team yet.';

/**
 * One junior team's match-day card (issue 31): read on a phone at the touchline (390 px) or printed
 * on one A4 page. Opening it records one read of medical notes per child (the service does).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { user } = await requireCan(context, request, 'matchDay');
  const card = await loadOrRefuse(() => context.services.juniors.matchDayCard(user, params.teamId));
  return { card };
}

// A phone shows each child as a card; a wider screen and paper show one table row per child. Printing
// keeps only the card, small and tight, so a squad of 14 to 16 fits one A4 page.
const CARD_CSS = `
.mdc-table { width: 100%; border-collapse: collapse; }
.mdc-table th, .mdc-table td { text-align: left; vertical-align: top; }
@media screen and (max-width: 639px) {
  .mdc-table thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  .mdc-table, .mdc-table tbody, .mdc-table tr, .mdc-table td, .mdc-table tbody th { display: block; width: auto; }
  .mdc-table tbody tr { margin-bottom: 0.75rem; border-radius: 1rem; background: #fff; padding: 0.75rem 1rem; box-shadow: 0 0 0 1px var(--color-line, #e5e7eb); }
  .mdc-table td { padding-top: 0.5rem; }
  .mdc-table td::before { content: attr(data-label); display: block; font-size: 0.75rem; font-weight: 700; text-transform: uppercase; letter-spacing: 0.03em; color: var(--color-muted, #4b5563); }
}
@page { size: A4; margin: 9mm; }
@media print {
  body > header, body > footer, [data-sonner-toaster], .no-print { display: none !important; }
  html, body { background: #fff !important; min-height: 0 !important; }
  main, main > div { padding: 0 !important; margin: 0 !important; max-width: none !important; }
  .mdc h2 { font-size: 12pt; }
  .mdc header p { font-size: 8pt; }
  .mdc-table { box-shadow: none !important; border-radius: 0 !important; }
  .mdc-table, .mdc-table * { font-size: 7.5pt !important; line-height: 1.2 !important; }
  .mdc-table th, .mdc-table td { padding: 1.5pt 3pt !important; border-bottom: 0.5pt solid #999; }
  .mdc-table a { display: inline !important; min-height: 0 !important; padding: 0 !important; text-decoration: none !important; color: #000 !important; }
  .mdc-table .tel-icon { display: none; }
  .mdc-table tr { break-inside: avoid; }
  .mdc-table .badge-print span { padding: 0 2pt !important; }
  .mdc-table .col-child { width: 16%; } .mdc-table .col-medical { width: 29%; } .mdc-table .col-call { width: 26%; }
  .mdc-table .col-photos { width: 11%; } .mdc-table .col-collect { width: 18%; }
}}`;


function Contacts({ child }: { child: MatchDayChild }) {
  if (child.emergency_contacts.length === 0) return <p className="font-semibold text-danger">No number on record: ask the welfare officer.</p>;
  return (
    <ul className="space-y-1">
      {child.emergency_contacts.map((c) => (
        <li key={c.phone}>
          <a
            href={telHref(c.phone)}
            data-testid="call"
            className="inline-block min-h-11 min-w-11 rounded-lg py-1 pr-2 font-semibold text-brand-800 underline"
          >
            <span className="tel-icon" aria-hidden="true">
              ☎{' '}
            </span>
            <span className="whitespace-nowrap">{c.phone}</span> <span className="font-normal text-ink">{c.name}</span>{' '}
            <span className="font-normal text-muted">({c.relationship})</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function Collectors({ child }: { child: MatchDayChild }) {
  const { guardians, others } = child.collectors;
  return (
    <div className="space-y-0.5">
      <p>{guardians.length ? guardians.map((g) => `${g.name}${g.relationship ? ` (${g.relationship})` : ''}`).join(', ') : 'No parent or carer linked'}</p>
      <p className={others ? 'text-ink' : 'text-muted'}>{others ? `Also: ${others}` : 'Nobody else named'}</p>
    </div>
  );
}

function ChildRow({ child }: { child: MatchDayChild }) {
  return (
    <tr data-testid="card-child" className="border-b border-line">
      <th scope="row" className="col-child py-2 font-bold text-ink sm:w-[18%] sm:px-3">
        {child.full_name}
        {child.age !== null && <span className="block text-sm font-normal text-muted">Age {child.age}</span>}
      </th>
      <td data-label="Medical" className="col-medical py-2 sm:w-[27%] sm:px-3">
        {child.medical_flag ? (
          <>
            <span className="badge-print">
              <Badge tone="danger">Medical</Badge>
            </span>
            <p className="mt-1 whitespace-pre-line text-ink">{child.medical_notes}</p>
          </>
        ) : (
          <span className="text-muted">No medical notes</span>
        )}
      </td>
      <td data-label="Call" className="col-call py-2 sm:w-[25%] sm:px-3">
        <Contacts child={child} />
      </td>
      <td data-label="Photos" className="col-photos py-2 sm:w-[10%] sm:px-3" data-testid="photo-consent">
        <span className="badge-print">
          <span className="whitespace-nowrap">{child.photo_consent ? <Badge tone="success">Photos allowed</Badge> : <Badge tone="danger">{NO_PHOTOS}</Badge>}</span>
        </span>
      </td>
      <td data-label="May collect" className="col-collect py-2 sm:w-[20%] sm:px-3">
        <Collectors child={child} />
      </td>
    </tr>
  );
}

/** The card's columns, in the order each child's row gives them. */
const CARD_COLUMNS = ['Child', 'Medical', 'Call', 'Photos', 'May collect'] as const;

export default function MatchDayCardPage({ loaderData }: Route.ComponentProps) {
  const { card } = loaderData;
  const withNotes = card.children.filter((c) => c.medical_flag).length;
  const noPhotos = card.children.filter((c) => !c.photo_consent).length;
  return (
    <section className="mdc min-w-0">
      <style>{CARD_CSS}</style>
      <div className="no-print mb-3 flex flex-wrap items-center justify-between gap-3">
        <Link to="/admin/match-day" className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
          ← All match-day cards
        </Link>
        <button type="button" onClick={() => window.print()} className="min-h-11 rounded-lg bg-brand-800 px-4 font-semibold text-white hover:bg-brand-900">
          Print
        </button>
      </div>
      <header className="mb-3">
        <h2 className="text-xl font-bold text-ink">Match-day card: {card.team.name}</h2>
        <p className="text-sm text-muted">
          {card.team.age_group} · season {card.season} · {card.children.length} {card.children.length === 1 ? 'player' : 'players'} · {withNotes} with
          medical notes · {noPhotos} with no photos · opened {formatDateTime(card.read_at)}
        </p>
        <p className="no-print mt-2 text-sm text-ink">
          Medical notes are private. Opening this card recorded that you read them; the welfare officer can see that record.
        </p>
      </header>
      {card.children.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-center text-muted ring-1 ring-line">{NO_CHILDREN}</p>
      ) : (
        <table className="mdc-table text-sm sm:rounded-2xl sm:bg-white sm:ring-1 sm:ring-line">
          <caption className="sr-only">Each child of {card.team.name}: medical notes, who to call, photo consent and who may collect</caption>
          <thead>
            <tr className="border-b-2 border-ink">
              {CARD_COLUMNS.map((column) => (
                <th key={column} scope="col" className="py-2 sm:px-3">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {card.children.map((child) => (
              <ChildRow key={child.player_id} child={child} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
