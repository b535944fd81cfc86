import { PRODUCT_SORT_ORDER_DEFAULT, PRODUCT_SORT_ORDER_MAX } from '../../../shared/shop-constants';
import { money } from '../../components/admin/format';
import { resourceFor, ResourceTab } from '../../components/admin/resource-tab';
import { AdminLoading } from '../../components/admin/section';
import type { Product } from '../../../shared/contracts/shop';
import { client, loadList, type JsonOf } from '../../lib/api-client';
import { requireCan } from '../../lib/guards.server';
import { adminMeta } from '../../components/admin/meta';
import type { Route } from './+types/products';

export const meta: Route.MetaFunction = () => adminMeta('Products', 'Add, edit and remove the products of the club shop.');

export async function loader({ context, request }: Route.LoaderArgs) {
  return requireCan(context, request, 'clubSite');
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [, products] = await Promise.all([serverLoader(), loadList('products', client.products.$get({ query: {} }))]);
  return { products };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

export const productConfig = resourceFor<Product, JsonOf<typeof client.products.$post>>()({
  resource: 'Product',
  title: 'Products',
  description: 'What the club shop sells.',
  calls: {
    create: (json) => client.products.$post({ json }),
    update: (id, json) => client.products[':id'].$put({ param: { id }, json }),
    remove: (id) => client.products[':id'].$delete({ param: { id } }),
  },
  rowLabel: (p) => p.name,
  empty: 'No products yet. Add the first one.',
  columns: [
    { header: 'Name', cell: (p) => <span className="font-semibold">{p.name}</span> },
    { header: 'Price', numeric: true, cell: (p) => money(p.price) },
    { header: 'Stock', numeric: true, cell: (p) => p.stock },
    { header: 'Category', cell: (p) => p.category },
  ],
  defaults: { sort_order: String(PRODUCT_SORT_ORDER_DEFAULT) },
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true },
    { name: 'category', label: 'Category', type: 'text', required: true },
    { name: 'price', label: 'Price (£)', type: 'money', required: true, min: 0 },
    { name: 'stock', label: 'Stock', type: 'number', required: true, min: 0 },
    {
      name: 'sort_order',
      label: 'Display order',
      type: 'number',
      required: true,
      min: 0,
      max: PRODUCT_SORT_ORDER_MAX,
      hint: 'Lower numbers show first in the shop (e.g. 10 for the home shirt); equal numbers go by name.',
    },
    { name: 'description', label: 'Description', type: 'textarea', required: true },
    { name: 'sizes', label: 'Sizes', type: 'list', hint: 'Separate with commas, e.g. S, M, L, XL', wide: true },
    { name: 'images', label: 'Image URLs', type: 'list', hint: 'Separate with commas; the first is the main image', wide: true, upload: true },
  ],
});

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  return <ResourceTab config={productConfig} rows={loaderData.products} />;
}
