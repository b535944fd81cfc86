import { defineConfig } from 'drizzle-kit';

// Only `npm run db:generate` uses this file: it diffs the schema against the committed
// migrations, it never connects to a database.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './drizzle',
});
