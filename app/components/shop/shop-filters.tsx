/** The shop's search box and category list: a plain GET form to /shop, filtering as the visitor types once React runs. */
import { useEffect, useRef } from 'react';
import { Form, useSubmit } from 'react-router';
import { Button } from '../ui/button';
import { Options } from '../ui/options';

export const ALL_CATEGORIES = 'All Categories';
/** Live filtering waits this long after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 300;

export function ShopFilters({ categories, search, category }: { categories: string[]; search: string; category: string }) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Back/forward changes the URL: keep the uncontrolled search box in step with it.
  useEffect(() => {
    if (searchRef.current && document.activeElement !== searchRef.current) searchRef.current.value = search;
  }, [search]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const filterNow = (replace: boolean) => {
    if (!formRef.current) return;
    const data = new FormData(formRef.current);
    // Keep URLs clean: no empty parameters.
    for (const key of ['search', 'category']) if (!String(data.get(key) ?? '').trim()) data.delete(key);
    submit(data, { method: 'get', action: '/shop', replace, preventScrollReset: true });
  };

  return (
    <Form
      ref={formRef}
      method="get"
      action="/shop"
      role="search"
      aria-label="Search the shop"
      className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:grid-cols-[1fr_14rem_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        clearTimeout(timer.current);
        filterNow(false);
      }}
    >
      <div>
        <label htmlFor="shop-search" className="mb-1 block text-sm font-semibold">
          Search products
        </label>
        <input
          ref={searchRef}
          id="shop-search"
          type="search"
          name="search"
          defaultValue={search}
          maxLength={100}
          placeholder="Shirts, scarf, mug…"
          className="block w-full rounded-lg border border-line bg-white px-3 py-2.5 text-base shadow-sm focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30"
          onChange={() => {
            clearTimeout(timer.current);
            timer.current = setTimeout(() => filterNow(true), SEARCH_DEBOUNCE_MS);
          }}
        />
      </div>
      <div>
        <label htmlFor="shop-category" className="mb-1 block text-sm font-semibold">
          Category
        </label>
        <select
          id="shop-category"
          name="category"
          defaultValue={category}
          key={category}
          className="block w-full rounded-lg border border-line bg-white px-3 py-2.5 text-base shadow-sm focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30"
          onChange={() => filterNow(false)}
        >
          <option value="">{ALL_CATEGORIES}</option>
          <Options values={categories} />
        </select>
      </div>
      <Button type="submit">Search</Button>
    </Form>
  );
}
