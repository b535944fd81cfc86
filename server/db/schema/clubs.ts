import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Placeholder of the tenancy-context branch's table (the shared names of issue 36), so this branch's
// schema compiles before that branch is merged: the merge takes tenancy-context's file and migration.
export const clubs = pgTable('clubs', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  status: text('status', { enum: ['active', 'suspended'] })
    .notNull()
    .default('active'),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
