import { adminMeta } from '../../components/admin/meta';
import { AdminLoading, SectionHeader } from '../../components/admin/section';
import { RetentionRuleCard } from '../../components/admin/retention-rule';
import { Link } from '../../components/ui/link';
import { requireCan } from '../../lib/guards.server';
import { formatDateTime } from '../../../shared/dates';
import { isRetentionRuleKey, RETENTION_RULES } from '../../../shared/retention';
import type { Route } from './+types/privacy-retention';

export const meta: Route.MetaFunction = () => adminMeta('Keeping data', 'How long the club keeps personal data, why, and what is due for deletion.');

export const NO_PURGES_YET = 'Nothing has been deleted under these rules yet.';

/** The Data protection lead, the secretary and admins (mayHandlePersonalData): the rules with what is due, and the log. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { user } = await requireCan(context, request, 'personalData');
  const [rules, log] = await Promise.all([context.services.retention.rules(user), context.services.retention.log(user)]);
  return { rules, log };
}

/** As every admin tab: the loading state until React has arrived, so nothing is pressed before it can work. */
export function HydrateFallback() {
  return <AdminLoading />;
}

export default function KeepingData({ loaderData }: Route.ComponentProps) {
  const { rules, log } = loaderData;
  return (
    <section>
      <SectionHeader
        title="Keeping data"
        description="We keep personal data only as long as we have a reason to. Each rule says how long and why. Every night the club's website lists what has passed its time; you approve the deletion, or let a rule delete automatically."
        action={
          <Link to="/admin/privacy" className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
            Data requests
          </Link>
        }
      />
      <div className="grid gap-4 lg:grid-cols-2">
        {rules.map((rule) => (
          <RetentionRuleCard key={rule.key} rule={rule} />
        ))}
      </div>
      <section aria-labelledby="retention-log" className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-6">
        <h3 id="retention-log" className="text-lg font-bold">
          What was deleted
        </h3>
        {log.length ? (
          <ul className="mt-3 divide-y divide-line">
            {log.map((entry) => (
              <li key={entry.id} className="py-2 text-sm">
                <span className="font-semibold">{entry.summary}</span>
                {isRetentionRuleKey(entry.rule) && <span className="text-muted"> ({RETENTION_RULES[entry.rule].title})</span>}
                <br />
                <span className="text-muted">
                  {formatDateTime(entry.purged_at)}, {entry.automatic ? 'automatically' : `approved by ${entry.approved_by ?? 'someone no longer here'}`}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-muted">{NO_PURGES_YET}</p>
        )}
      </section>
    </section>
  );
}
