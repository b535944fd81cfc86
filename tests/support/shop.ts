/** Shop helpers for the browser tests: products of their own, the order form filled in. */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, expect } from 'vitest';
import { fetchJson } from './api-client';

/** An admin's Bearer token, signed in through the API. */
async function signInAdmin(baseURL: string, password: string) {
  const login = await fetchJson(baseURL, '/api/auth/login', { body: { username: 'admin', password } });
  expect(login.status).toBe(200);
  return login.body.access_token as string;
}

/** A tag no other test's product names use. */
export const uniqueTag = () => `e2e${randomBytes(3).toString('hex')}`;

/** Tests that change stock use their own products, never the seeded ones (5 in stock, no sizes unless overridden). */
async function createTestProduct(baseURL: string, token: string, overrides: Record<string, unknown> = {}) {
  const res = await fetchJson(baseURL, '/api/products', {
    token,
    body: {
      name: `Test Item ${uniqueTag()}`,
      description: 'A product made by a browser test.',
      category: 'Test Gear',
      price: 10.5,
      stock: 5,
      sizes: [],
      images: ['/images/seed/bar-scarf.svg'],
      ...overrides,
    },
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string; stock: number; price: number };
}

/** For a shop test file: its server's API, and products of its own made as the admin (signed in before the tests). */
export function useShop(b: { readonly baseURL: string; readonly adminPassword: string }) {
  let token = '';
  beforeAll(async () => {
    token = await signInAdmin(b.baseURL, b.adminPassword);
  });
  return {
    api: (path: string, init?: Parameters<typeof fetchJson>[2]) => fetchJson(b.baseURL, path, init),
    createProduct: (overrides: Record<string, unknown> = {}) => createTestProduct(b.baseURL, token, overrides),
    adminToken: () => token,
  };
}

/** The product names on the shop page's cards, in order. */
export const cardNames = (page: Page) => page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 }).allTextContents();

/** Fills the order dialog's contact fields. */
export async function fillOrderForm(page: Page, name = 'Robin Supporter') {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Full name').fill(name);
  await dialog.getByLabel('Phone number').fill('07700 900123');
  await dialog.getByLabel('Email').fill('robin@example.com');
}
