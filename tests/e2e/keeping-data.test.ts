import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_DATABASE_NAME } from '../../server/db/client';
import { findRunningServer } from '../../server/db/embedded';
import { expectToast, labelled, openAdminTab, shot } from '../support/admin';
import { expectNoAxeViolations } from '../support/axe';
import { PHONE, noSidewaysScroll, signIn, useBrowser } from '../support/browser';
import { E2E_ADMIN_PASSWORD, externalDatabaseUrl, initializeDatabase, startServer, type RunningServer } from '../support/server';
import { inTheClub } from '../support/the-club';

// Issue 34, point 5: the Data protection lead (here the admin, who may too) sees each retention rule
// with its reason, changes a period, and approves the deletion of what is due, on a phone. Its own
// server and database: the test writes old enquiries straight into the database and deletes them.
const b = useBrowser();
let server: RunningServer;
let db: pg.Client;

beforeAll(async () => {
  const external = await externalDatabaseUrl();
  server = await startServer(external ? { env: { DATABASE_URL: external } } : {});
  await initializeDatabase(server.baseURL);
  let connectionString = external;
  if (!connectionString) {
    const running = await findRunningServer(server.dataDir);
    if (!running) throw new Error(`No embedded PostgreSQL in ${server.dataDir}`);
    connectionString = `postgres://${running.user}@/${EMBEDDED_DATABASE_NAME}?host=${encodeURIComponent(running.socketDir)}&port=${running.port}`;
  }
  db = new pg.Client({ connectionString });
  await db.connect();
  await inTheClub(db);
  for (const [name, monthsAgo] of [
    ['Old Enquirer', 14],
    ['Older Enquirer', 20],
    ['New Enquirer', 2],
  ] as const)
    await db.query(
      `insert into join_us_submissions (full_name, email, phone_number, message, interest_types, created_at)
       values ($1, $2, '07700 900000', 'Can I play?', '{playing}', now() - make_interval(months => $3))`,
      [name, `${name.toLowerCase().replace(' ', '.')}@example.com`, monthsAgo],
    );
});

afterAll(async () => {
  await db?.end();
  await server?.stop();
  await server?.cleanup();
});

describe('Keeping data', () => {
  it('The lead sees each rule with its reason, changes a period, and deletes the enquiries that are due, on a phone', async () => {
    const page = await b.newPage({ baseURL: server.baseURL, viewport: PHONE });
    await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
    await openAdminTab(page, '/admin/privacy/retention');
    await page.getByRole('heading', { name: 'Keeping data' }).waitFor();
    await noSidewaysScroll(page, '/admin/privacy/retention');

    const enquiries = page.getByRole('region', { name: 'Join Us enquiries' });
    expect(await enquiries.getByText('Kept for 12 months after the enquiry was sent, if they never became a member.').isVisible()).toBe(true);
    expect(await enquiries.getByText(/An enquiry from someone who never joined/).isVisible()).toBe(true);
    expect(await enquiries.getByRole('heading', { name: 'Due for deletion now: 2 enquiries' }).isVisible()).toBe(true);
    expect(await enquiries.getByRole('listitem').allTextContents()).toEqual([expect.stringMatching(/^Join Us enquiry of /), expect.stringMatching(/^Join Us enquiry of /)]);
    await expectNoAxeViolations(page, 'Keeping data');
    await shot(page, 'keeping-data');

    // A period outside the rule's bounds is refused beside the field.
    const period = enquiries.getByLabel(labelled('Keep for (months)'));
    await period.fill('30');
    await enquiries.getByRole('button', { name: 'Save' }).click();
    await enquiries.getByText('Choose a period from 1 month to 24 months.').waitFor();
    await expectNoAxeViolations(page, 'a period refused');

    // Delete now: the confirmation names how many, and the log says who approved it.
    await enquiries.getByRole('button', { name: 'Delete now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 2 enquiries?' });
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'the confirmation');
    await dialog.getByRole('button', { name: 'Delete 2 enquiries' }).click();
    await expectToast(page, 'Done: 2 enquiries deleted.');
    await enquiries.getByText('Nothing is due for deletion now.').waitFor();
    const log = page.getByRole('region', { name: 'What was deleted' });
    expect(await log.getByText('2 enquiries deleted').isVisible()).toBe(true);
    expect(await log.getByText(/approved by /).isVisible()).toBe(true);
    const left = await db.query('select full_name from join_us_submissions order by full_name');
    expect(left.rows.map((r) => r.full_name)).toContain('New Enquirer');
    expect(left.rows.map((r) => r.full_name)).not.toContain('Old Enquirer');

    // Automatic: saved with a period in bounds, and shown on the rule.
    await period.fill('18');
    await enquiries.getByRole('checkbox', { name: 'Delete automatically every night, without asking' }).check();
    await enquiries.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Saved: the new period counts from tonight’s check.');
    await enquiries.getByText('Deleted automatically').waitFor();
    expect(await enquiries.getByText('Kept for 18 months', { exact: false }).isVisible()).toBe(true);
    await noSidewaysScroll(page, '/admin/privacy/retention');
    await expectNoAxeViolations(page, 'Keeping data after the changes');
    await shot(page, 'keeping-data-after');
  });
});
