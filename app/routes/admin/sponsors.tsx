import { resourceFor, ResourceTab } from '../../components/admin/resource-tab';
import { AdminLoading } from '../../components/admin/section';
import { SPONSOR_TIERS, SPONSOR_TIER_LABELS } from '../../../shared/content-constants';
import type { Sponsor } from '../../../shared/contracts/sponsors';
import { client, loadList, type JsonOf } from '../../lib/api-client';
import { requireCan } from '../../lib/guards.server';
import { adminMeta } from '../../components/admin/meta';
import type { Route } from './+types/sponsors';

export const meta: Route.MetaFunction = () => adminMeta('Sponsors', 'Add, edit and remove the club sponsors.');

export async function loader({ context, request }: Route.LoaderArgs) {
  return requireCan(context, request, 'clubSite');
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [, sponsors] = await Promise.all([serverLoader(), loadList('sponsors', client.sponsors.$get({ query: {} }))]);
  return { sponsors };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

export const sponsorConfig = resourceFor<Sponsor, JsonOf<typeof client.sponsors.$post>>()({
  resource: 'Sponsor',
  title: 'Sponsors',
  description: 'Partners shown on the Sponsors page and the home page.',
  calls: {
    create: (json) => client.sponsors.$post({ json }),
    update: (id, json) => client.sponsors[':id'].$put({ param: { id }, json }),
    remove: (id) => client.sponsors[':id'].$delete({ param: { id } }),
  },
  rowLabel: (s) => s.name,
  empty: 'No sponsors yet. Add the first one.',
  columns: [
    { header: 'Name', cell: (s) => <span className="font-semibold">{s.name}</span> },
    { header: 'Tier', cell: (s) => SPONSOR_TIER_LABELS[s.tier] },
    { header: 'Category', cell: (s) => s.category },
    { header: 'Website', cell: (s) => (s.website_url ? 'Yes' : 'No') },
  ],
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true },
    {
      name: 'tier',
      label: 'Tier',
      type: 'select',
      required: true,
      options: SPONSOR_TIERS.map((t) => ({ value: t, label: SPONSOR_TIER_LABELS[t] })),
      hint: 'Main sponsor: shown first and larger, on the Sponsors and home pages. Then partners, then supporters.',
    },
    { name: 'category', label: 'Category', type: 'text', required: true, hint: 'e.g. Main Sponsor, Kit Sponsor, Partner' },
    { name: 'logo_url', label: 'Logo URL', type: 'text', required: true, wide: true, hint: 'A web address (https://…) or a site path (/images/…)', upload: true },
    { name: 'website_url', label: 'Website URL', type: 'url', wide: true },
    { name: 'description', label: 'Description', type: 'textarea' },
  ],
  defaults: { tier: 'partner' },
});

export default function AdminSponsors({ loaderData }: Route.ComponentProps) {
  return <ResourceTab config={sponsorConfig} rows={loaderData.sponsors} />;
}
