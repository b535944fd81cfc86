import { useRevalidator } from 'react-router';
import { adminMeta } from '../../components/admin/meta';
import { AdminLoading, SectionHeader } from '../../components/admin/section';
import { AllocatedPanel } from '../../components/admin/treasury/allocated-panel';
import { treasuryApi } from '../../components/admin/treasury/api';
import { ArrearsPanel, ExportPanel } from '../../components/admin/treasury/arrears-panel';
import { ChargePanel } from '../../components/admin/treasury/charge-panel';
import { ChargesPanel } from '../../components/admin/treasury/charges-panel';
import { ImportPanel } from '../../components/admin/treasury/import-panel';
import { LinesPanel } from '../../components/admin/treasury/lines-panel';
import { MatchFeesPanel } from '../../components/admin/treasury/match-fees-panel';
import { MoneyNav, viewOf } from '../../components/admin/treasury/money-nav';
import { PlanForm } from '../../components/admin/treasury/plan-form';
import { PlansPanel } from '../../components/admin/treasury/plans-panel';
import { client, errorDetail, loadList } from '../../lib/api-client';
import { requireCan } from '../../lib/guards.server';
import type { Route } from './+types/treasury';

export const meta: Route.MetaFunction = () => adminMeta('Money', 'Charges, plans, bank statements and arrears.');

/** The treasurer and the secretary (who charges); each part checks the rule book again in the API. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return requireCan(context, request, 'chargeMembers');
}

/** A part's data; a failed read is logged and shows as empty (the toast of the action that failed says why). */
async function orEmpty<T>(what: string, read: Promise<T>, empty: T): Promise<T> {
  try {
    return await read;
  } catch (error) {
    console.error(`[admin] loading ${what} failed:`, errorDetail(error));
    return empty;
  }
}

export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  const { can } = await serverLoader();
  const view = viewOf(new URL(request.url), can);
  const teams = () => loadList('teams', client.teams.$get());
  switch (view) {
    case 'statements': {
      const [suggested, unmatched, allocated] = await Promise.all(
        (['suggested', 'unmatched', 'allocated'] as const).map((status) => orEmpty(`${status} bank lines`, treasuryApi.lines(status), [])),
      );
      return { view, can, suggested, unmatched, allocated } as const;
    }
    case 'charge': {
      const [teamList, members, sources] = await Promise.all([
        teams(),
        loadList('players', client.players.$get({ query: {} })),
        orEmpty('match fee sources', treasuryApi.matchFeeSources(), { fixtures: [], sessions: [] }),
      ]);
      return { view, can, teams: teamList, members: members.sort((a, b) => a.full_name.localeCompare(b.full_name)), sources } as const;
    }
    case 'plans': {
      const [teamList, plans] = await Promise.all([teams(), orEmpty('plans', treasuryApi.plans(), [])]);
      return { view, can, teams: teamList, plans } as const;
    }
    case 'charges':
      return { view, can, charges: await orEmpty('charges', treasuryApi.charges(), []) } as const;
    case 'arrears': {
      const [teamList, arrears] = await Promise.all([teams(), orEmpty('arrears', treasuryApi.arrears(), null)]);
      return { view, can, teams: teamList, arrears } as const;
    }
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

const DESCRIPTIONS = {
  statements:
    'Import the club account’s bank statement: payments quoting a member’s reference are matched to their subs and fees; the rest wait here for you.',
  charge: 'Charge one member or whole teams, or match fees for a squad or a session. Each payer is e-mailed with their reference and the club’s bank details.',
  plans: 'A season’s subs as monthly, termly or annual charges, or instalments, with the family discount and proration for joiners said on every charge.',
  charges: 'Every charge with what is paid. A charge made in error is reversed with a reason; nothing is deleted.',
  arrears: 'What is overdue today, by team and by payer, and the ledger as a spreadsheet.',
} as const;

/** Money (issues 24 and 31): charging, plans, bank statements, reversals, arrears and the export, in one tab. */
export default function AdminTreasury({ loaderData: data }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const refresh = () => revalidator.revalidate();
  return (
    <section>
      <SectionHeader title="Money" description={DESCRIPTIONS[data.view]} />
      <MoneyNav current={data.view} can={data.can} />
      {data.view === 'statements' && (
        <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <div className="min-w-0">
            <ImportPanel onCommitted={refresh} />
          </div>
          <div className="grid min-w-0 gap-6">
            <LinesPanel suggested={data.suggested} unmatched={data.unmatched} onChanged={refresh} />
            <AllocatedPanel lines={data.allocated} onChanged={() => void refresh()} />
          </div>
        </div>
      )}
      {data.view === 'charge' && (
        <div className="grid gap-6 xl:grid-cols-2">
          <ChargePanel teams={data.teams} members={data.members} onCharged={() => undefined} />
          <MatchFeesPanel sources={data.sources} onCharged={() => undefined} />
        </div>
      )}
      {data.view === 'plans' && (
        <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <PlansPanel plans={data.plans} teams={data.teams} onCharged={() => undefined} />
          {data.can.money && <PlanForm onCreated={() => void refresh()} />}
        </div>
      )}
      {data.view === 'charges' && <ChargesPanel charges={data.charges} onChanged={() => void refresh()} />}
      {data.view === 'arrears' && (
        <div className="grid gap-6">
          {data.arrears ? <ArrearsPanel arrears={data.arrears} /> : <p className="text-muted">The arrears could not be loaded: reload the page to try again.</p>}
          <ExportPanel teams={data.teams} />
        </div>
      )}
    </section>
  );
}
