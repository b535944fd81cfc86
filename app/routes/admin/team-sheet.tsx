import { Link } from 'react-router';
import { OfflineBanner } from '../../components/offline-banner';
import { pageTitle } from '../../../shared/club';
import { requireUser } from '../../lib/guards.server';
import { loadOrRefuse } from '../../lib/errors.server';
import type { Route } from './+types/team-sheet';
import { formatLongDateGB } from '../../../shared/dates';
import { fixtureTitle } from '../../../shared/fixtures';
import { mapLink } from '../../../shared/teams-constants';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: pageTitle(data ? `Team sheet: ${fixtureTitle({ is_home: true, away_team: data.sheet.opponent }, { club: data.sheet.team })}` : 'Team sheet') },
  { name: 'robots', content: 'noindex' },
];

/**
 * The squad of one fixture, to print (one A4 page) or show on a phone: staff and admins of the
 * team, and the team's players once the squad is published (issue 22).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const sheet = await loadOrRefuse(() => context.services.selection.teamSheet(user, params.fixtureId));
  const can = await context.services.access.capabilities(user);
  return { sheet, staff: !!can?.runsTeams };
}

// Printing: only the sheet (no site header or footer), A4 with modest margins; sizes in pt so one
// page holds a full squad of 11 starters and up to 12 substitutes with room for the referee.
const PRINT_CSS = `
@page { size: A4; margin: 12mm; }
@media print {
  body > header, body > footer, [data-sonner-toaster], .no-print { display: none !important; }
  body { background: #fff !important; }
  main { padding: 0 !important; }
  .sheet { box-shadow: none !important; border: 0 !important; padding: 0 !important; max-width: none !important; font-size: 10.5pt; }
  .sheet h1 { font-size: 18pt; }
  .sheet td, .sheet th { padding: 3pt 6pt !important; }
  .sheet .ref-box { min-height: 30mm !important; }
}`;

function SquadTable({ caption, rows }: { caption: string; rows: Array<{ shirt_number: number; full_name: string; position: string | null; captain: boolean }> }) {
  return (
    <table className="w-full border-collapse text-left">
      <caption className="py-2 text-left text-base font-bold text-ink">{caption}</caption>
      <thead>
        <tr className="border-b-2 border-ink text-sm">
          <th scope="col" className="w-16 px-2 py-1">No.</th>
          <th scope="col" className="px-2 py-1">Name</th>
          <th scope="col" className="px-2 py-1">Position</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={3} className="px-2 py-2 text-muted">None</td>
          </tr>
        ) : (
          rows.map((p) => (
            <tr key={p.shirt_number} className="border-b border-line">
              <td className="px-2 py-1.5 text-lg font-extrabold tabular-nums">{p.shirt_number}</td>
              <td className="px-2 py-1.5 text-base">
                {p.full_name}
                {p.captain && (
                  <span className="ml-1 font-bold" title="Captain">
                    (C)<span className="sr-only"> captain</span>
                  </span>
                )}
              </td>
              <td className="px-2 py-1.5 text-sm text-muted">{p.position === 'Goalkeeper' ? 'Goalkeeper (GK)' : p.position}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

export default function TeamSheet({ loaderData }: Route.ComponentProps) {
  const { sheet, staff } = loaderData;
  const home = sheet.is_home ? sheet.team : sheet.opponent;
  const away = sheet.is_home ? sheet.opponent : sheet.team;
  return (
    <div className="px-3 py-6 sm:px-6">
      <style>{PRINT_CSS}</style>
      <div className="mx-auto max-w-3xl">
        <OfflineBanner />
      </div>
      <div className="no-print mx-auto mb-4 flex max-w-3xl flex-wrap items-center justify-between gap-3">
        <Link to={staff ? '/admin/matchweek' : '/players-area'} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
          {staff ? 'Back to Match week' : 'Back to the Players’ Area'}
        </Link>
        <button type="button" onClick={() => window.print()} className="min-h-11 rounded-lg bg-brand-800 px-4 font-semibold text-white hover:bg-brand-900">
          Print
        </button>
      </div>
      <article className="sheet mx-auto max-w-3xl rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-8">
        <header className="border-b-2 border-ink pb-3">
          <p className="text-sm font-bold uppercase tracking-wide text-brand-800">{sheet.club} · Team sheet</p>
          <h1 className="mt-1 text-2xl font-extrabold text-ink">
            {home} v {away}
          </h1>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
            <div>
              <dt className="font-semibold text-muted">Date</dt>
              <dd className="text-ink">{formatLongDateGB(sheet.date)}</dd>
            </div>
            <div>
              <dt className="font-semibold text-muted">Kick-off</dt>
              <dd className="text-ink">{sheet.time}</dd>
            </div>
            <div>
              <dt className="font-semibold text-muted">Venue</dt>
              <dd className="text-ink">
                {sheet.venue}{' '}
                <a className="no-print font-semibold text-brand-800 underline" href={mapLink(sheet.venue)} target="_blank" rel="noreferrer">
                  Map<span className="sr-only"> of {sheet.venue} (opens in a new tab)</span>
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-muted">Competition</dt>
              <dd className="text-ink">{sheet.competition}</dd>
            </div>
          </dl>
        </header>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <SquadTable caption={`Starters (${sheet.starters.length})`} rows={sheet.starters} />
          <SquadTable caption={`Substitutes (${sheet.substitutes.length})`} rows={sheet.substitutes} />
        </div>
        <section aria-labelledby="referee" className="mt-5">
          <h2 id="referee" className="text-base font-bold text-ink">For the referee</h2>
          <div className="ref-box mt-2 grid min-h-32 grid-cols-1 gap-3 rounded-lg border-2 border-dashed border-line p-3 text-sm text-muted sm:grid-cols-3">
            <p>Referee&rsquo;s name:</p>
            <p>Signature:</p>
            <p>Cautions, dismissals, notes:</p>
          </div>
        </section>
      </article>
    </div>
  );
}
