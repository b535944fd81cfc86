import { Link } from 'react-router';
import type { DbsOverview } from '../../../shared/contracts/safeguarding';
import { DbsForm, DbsRow } from '../../components/admin/dbs-checks';
import { AdminLoading, Panel, SectionHeader } from '../../components/admin/section';
import { LoginsPanel } from '../../components/admin/logins-panel';
import { MedicalNoteReadsPanel } from '../../components/admin/medical-note-reads-panel';
import { adminMeta } from '../../components/admin/meta';
import { FormMessage } from '../../components/ui/field';
import { client, errorDetail, read } from '../../lib/api-client';
import { requireCan } from '../../lib/guards.server';
import type { Route } from './+types/safeguarding';

export const meta: Route.MetaFunction = () => adminMeta('Safeguarding', 'The welfare officer and the DBS checks of junior teams’ staff.');

export async function loader({ context, request }: Route.LoaderArgs) {
  const { user, can } = await requireCan(context, request, 'dbsChecks');
  // Switching logins off and on is for admins and the welfare officer only (issue 30); lifting a DBS suspension for admins (issue 31).
  return { user, maySafeguard: can.safeguarding, mayOverride: can.admin };
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const { user, maySafeguard, mayOverride } = await serverLoader();
  // The log of who read children's medical notes (issue 31): the welfare officer's, and admins'.
  const [logins, reads] = maySafeguard
    ? await Promise.all([read(client.admin.logins.$get()).catch(() => null), read(client.admin['medical-note-reads'].$get()).catch(() => null)])
    : [null, null];
  try {
    return { overview: await read(client.admin.dbs.$get()), refused: null, logins, reads, me: user.id, mayOverride };
  } catch (error) {
    return { overview: null, refused: errorDetail(error), logins, reads, me: user.id, mayOverride };
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

/**
 * Safeguarding (issue 23): who the welfare officer is and how parents reach them, and the DBS
 * check status of everyone on a junior team's staff — recorded by admins, the secretary or the
 * welfare officer, never anything from the certificate itself. Issue 31: places suspended while a
 * check is not in order, an admin's override with a reason, the verifier apart from the typist.
 */
export default function AdminSafeguarding({ loaderData }: Route.ComponentProps) {
  const { overview, refused, logins, reads, me, mayOverride } = loaderData;
  return (
    <section className="min-w-0 space-y-6">
      <SectionHeader
        title="Safeguarding"
        description="The welfare officer parents can contact, and the DBS checks of junior teams’ staff. Only the status is kept, never the certificate."
      />
      {!overview ? (
        <FormMessage>{refused}</FormMessage>
      ) : (
        <>
          <WelfarePanel overview={overview} />
          <Panel title="DBS checks">
            {overview.people.length === 0 ? (
              <p className="text-sm text-muted">No junior team has staff yet, and no check is recorded.</p>
            ) : (
              <ul className="divide-y divide-line" aria-label="DBS checks">
                {overview.people.map((person) => (
                  <DbsRow key={person.player_id} person={person} mayOverride={mayOverride} />
                ))}
              </ul>
            )}
            <DbsForm overview={overview} />
          </Panel>
        </>
      )}
      {reads && <MedicalNoteReadsPanel log={reads} />}
      {logins && <LoginsPanel overview={logins} me={me} />}
    </section>
  );
}

function WelfarePanel({ overview }: { overview: DbsOverview }) {
  return (
    <Panel title="Welfare officer">
      <p data-testid="welfare-officer">
        {overview.welfare_officer ?? 'Nobody yet.'} {overview.welfare_email && <span className="break-all">({overview.welfare_email})</span>}
      </p>
      {(!overview.welfare_officer || !overview.welfare_email) && (
        <p className="mt-2 text-sm text-muted">
          A club with junior teams must have one parents can contact: give someone the role in{' '}
          <Link to="/admin/roles" className="font-semibold text-brand-800 underline">
            People &amp; roles
          </Link>{' '}
          and enter their e-mail in{' '}
          <Link to="/admin/settings" className="font-semibold text-brand-800 underline">
            Settings
          </Link>
          .
        </p>
      )}
    </Panel>
  );
}
