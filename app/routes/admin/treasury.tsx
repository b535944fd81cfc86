import { useRevalidator } from 'react-router';
import { adminMeta } from '../../components/admin/meta';
import { AdminLoading, SectionHeader } from '../../components/admin/section';
import { treasuryApi, type BankLine } from '../../components/admin/treasury/api';
import { ImportPanel } from '../../components/admin/treasury/import-panel';
import { LinesPanel } from '../../components/admin/treasury/lines-panel';
import { errorDetail } from '../../lib/api-client';
import { requireCan } from '../../lib/guards.server';
import type { Route } from './+types/treasury';

export const meta: Route.MetaFunction = () => adminMeta('Money', 'Bank statements matched to subs and fees.');

export async function loader({ context, request }: Route.LoaderArgs) {
  return requireCan(context, request, 'money');
}

async function lines(status: 'suggested' | 'unmatched'): Promise<BankLine[]> {
  try {
    return await treasuryApi.lines(status);
  } catch (error) {
    console.error(`[admin] loading ${status} bank lines failed:`, errorDetail(error));
    return [];
  }
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [, suggested, unmatched] = await Promise.all([serverLoader(), lines('suggested'), lines('unmatched')]);
  return { suggested, unmatched };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

/** Money (issue 24): the treasurer imports the bank's statement and settles what the matching left. */
export default function AdminTreasury({ loaderData }: Route.ComponentProps) {
  const { suggested, unmatched } = loaderData;
  const revalidator = useRevalidator();
  const refresh = () => revalidator.revalidate();
  return (
    <section>
      <SectionHeader
        title="Money"
        description="Import the club account’s bank statement: payments quoting a member’s reference are matched to their subs and fees; the rest wait here for you."
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="min-w-0">
          <ImportPanel onCommitted={refresh} />
        </div>
        <div className="min-w-0">
          <LinesPanel suggested={suggested} unmatched={unmatched} onChanged={refresh} />
        </div>
      </div>
    </section>
  );
}
