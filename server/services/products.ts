import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import { mayManageClubSite, must } from '../policy';
import { PRODUCT_NOT_FOUND, productQuerySchema, productSchema, type ProductInput, type ProductQuery } from '../../shared/shop';
import type { SessionUser } from '../../shared/roles';
import type { Db, DbOrTx } from '../db/client';
import { products } from '../db/schema';
import { invalidFields, notFound } from '../../shared/errors';
import { isUuid } from './ids';
import type { Product } from '../../shared/contracts/shop';

export type { Product };

type ProductRow = typeof products.$inferSelect;

export const toProduct = (row: ProductRow): Product => ({
  id: row.id,
  name: row.name,
  description: row.description,
  category: row.category,
  price: Number(row.price),
  stock: row.stock,
  sizes: row.sizes,
  images: row.images,
  sort_order: row.sort_order,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** The shop (products, orders) is the admins' (rule book, issue 30): staff cannot touch it. */
export async function requireAdmin(db: DbOrTx, actor: SessionUser | null): Promise<SessionUser> {
  return (await must(db, actor, mayManageClubSite, 'Only admins can manage the shop.')).user;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function parseProduct(input: unknown) {
  const parsed = productSchema.safeParse(input);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message }));
    throw invalidFields(errors);
  }
  return parsed.data;
}

/** The shop's catalogue: public reads, admin-only writes. */
export function createProductService(db: Db) {
  return {
    /** Search (name or description, any case) and category filter; in the admin's display order, then by name. */
    async list(query: ProductQuery = {}): Promise<Product[]> {
      const { search, category } = productQuerySchema.parse(query);
      const conditions = [];
      if (search) {
        const pattern = `%${escapeLike(search)}%`;
        conditions.push(or(ilike(products.name, pattern), ilike(products.description, pattern)));
      }
      if (category) conditions.push(eq(sql`lower(${products.category})`, category.toLowerCase()));
      const rows = await db
        .select()
        .from(products)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(asc(products.sort_order), asc(products.name), asc(products.id));
      return rows.map(toProduct);
    },

    /** Every distinct category, for the shop's dropdown. */
    async categories(): Promise<string[]> {
      const rows = await db.selectDistinct({ category: products.category }).from(products).orderBy(asc(products.category));
      return rows.map((r) => r.category);
    },

    async get(id: string): Promise<Product> {
      if (!isUuid(id)) throw notFound(PRODUCT_NOT_FOUND);
      const [row] = await db.select().from(products).where(eq(products.id, id));
      if (!row) throw notFound(PRODUCT_NOT_FOUND);
      return toProduct(row);
    },

    async create(actor: SessionUser | null, input: ProductInput | unknown): Promise<Product> {
      await requireAdmin(db, actor);
      const data = parseProduct(input);
      const [row] = await db.insert(products).values(data).returning();
      return toProduct(row);
    },

    /** Replaces every field (the admin form always sends the whole product); a missing display order keeps the current one. */
    async update(actor: SessionUser | null, id: string, input: ProductInput | unknown): Promise<Product> {
      await requireAdmin(db, actor);
      const data = parseProduct(input);
      if (!isUuid(id)) throw notFound(PRODUCT_NOT_FOUND);
      const [row] = await db
        .update(products)
        .set({ ...data, updated_at: new Date() })
        .where(eq(products.id, id))
        .returning();
      if (!row) throw notFound(PRODUCT_NOT_FOUND);
      return toProduct(row);
    },

    /** Orders of a deleted product stay readable: their product_id becomes null, product_name stays. */
    async remove(actor: SessionUser | null, id: string): Promise<void> {
      await requireAdmin(db, actor);
      if (!isUuid(id)) throw notFound(PRODUCT_NOT_FOUND);
      const deleted = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
      if (deleted.length === 0) throw notFound(PRODUCT_NOT_FOUND);
    },

    async count(): Promise<number> {
      const [row] = await db.select({ value: sql<number>`count(*)::int` }).from(products);
      return row.value;
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;
