import { resourceFor, ResourceTab } from '../../components/admin/resource-tab';
import { AdminLoading, Badge } from '../../components/admin/section';
import type { NewsArticle } from '../../../shared/contracts/news';
import { client, loadList, type JsonOf } from '../../lib/api-client';
import { requireCan } from '../../lib/guards.server';
import { adminMeta } from '../../components/admin/meta';
import type { Route } from './+types/news';
import { formatDate } from '../../../shared/dates';

export const meta: Route.MetaFunction = () => adminMeta('News', 'Write, publish and remove news articles.');

/** Admins and staff manage news. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return requireCan(context, request, 'news');
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  // The admin list includes unpublished drafts.
  const [, news] = await Promise.all([serverLoader(), loadList('news', client.admin.news.$get())]);
  return { news };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

export const newsConfig = resourceFor<NewsArticle, JsonOf<typeof client.news.$post>>()({
  resource: 'News article',
  title: 'News',
  description: 'Articles on the News page; drafts stay hidden until published.',
  calls: {
    create: (json) => client.news.$post({ json }),
    update: (id, json) => client.news[':id'].$put({ param: { id }, json }),
    remove: (id) => client.news[':id'].$delete({ param: { id } }),
  },
  rowLabel: (n) => n.title,
  empty: 'No news yet. Add the first article.',
  columns: [
    { header: 'Title', cell: (n) => <span className="font-semibold">{n.title}</span> },
    { header: 'Published', cell: (n) => (n.is_published ? <Badge tone="success">Yes</Badge> : <Badge>No</Badge>) },
    { header: 'Date', cell: (n) => <span className="whitespace-nowrap">{formatDate(n.created_at)}</span> },
  ],
  fields: [
    { name: 'title', label: 'Title', type: 'text', required: true, wide: true },
    { name: 'summary', label: 'Summary', type: 'textarea', hint: 'Shown on cards; the first 150 characters of the article when blank' },
    { name: 'content', label: 'Content', type: 'textarea', required: true },
    { name: 'image_url', label: 'Image URL', type: 'text', wide: true, hint: 'A web address (https://…) or a site path (/images/…)', upload: true },
    { name: 'is_published', label: 'Published (visible on the website)', type: 'checkbox', wide: true },
  ],
  defaults: { is_published: true },
});

export default function AdminNews({ loaderData }: Route.ComponentProps) {
  return <ResourceTab config={newsConfig} rows={loaderData.news} />;
}
