// npm run bench:treasury (and the end of npm run bench): imports and matches a 5,000-line bank statement
// for 1,000 payers through the API (POST /api/treasury/imports, then …/commit), on the embedded
// PostgreSQL in a temporary data directory, and records the time in bench/results.json and results.md.
// The issue-24 target: under 5 seconds. A benchmark row, not a timed test.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PAYERS = 1000;
const LINES = 5000;
const TARGET_MS = 5000;
const ROW_ID = 'treasury_import';

const load = (file) => tsImport(path.join(root, file), import.meta.url);

async function main() {
  const { openDatabase } = await load('server/db/client.ts');
  const { createServices } = await load('server/services/index.ts');
  const { createApp } = await load('server/app.ts');
  const { hashPassword } = await load('server/auth/passwords.ts');
  const schema = await load('server/db/schema/index.ts');

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'club-bench-treasury-'));
  await fs.chmod(dataDir, 0o755); // the embedded PostgreSQL runs as `postgres` when we are root
  const database = await openDatabase({ dataDir });
  try {
    const { db } = database;
    const adminPassword = randomBytes(12).toString('hex');
    const services = createServices(db, { adminUsername: 'admin', adminPassword });
    const app = createApp({ services });
    const call = async (method, url, { body, token, form } = {}) => {
      const headers = token ? { authorization: `Bearer ${token}` } : {};
      if (body) headers['content-type'] = 'application/json';
      const res = await app.request(url, { method, headers, body: form ?? (body ? JSON.stringify(body) : undefined) });
      const answer = await res.json();
      if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
      return answer;
    };
    await services.setup.initialize(null);
    const token = (await call('POST', '/api/auth/login', { body: { username: 'admin', password: adminPassword } })).access_token;

    // 1,000 adult members with logins, each charged £25 (so each gets a reference).
    const hash = await hashPassword(randomBytes(8).toString('hex'));
    const names = Array.from(
      { length: PAYERS },
      (_, i) => `Bench${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + (Math.floor(i / 26) % 26))} Payer${i}`,
    );
    const users = await db
      .insert(schema.users)
      .values(
        names.map((full_name, i) => ({
          username: `bench_payer_${i}`,
          email: `bench_payer_${i}@example.com`,
          full_name,
          password_hash: hash,
          email_confirmed_at: new Date(),
        })),
      )
      .returning({ id: schema.users.id });
    const members = await db
      .insert(schema.players)
      .values(users.map((u, i) => ({ user_id: u.id, full_name: names[i], date_of_birth: '1990-01-01' })))
      .returning({ id: schema.players.id });
    for (let i = 0; i < members.length; i += 500) {
      await call('POST', '/api/treasury/charges', {
        token,
        body: {
          member_ids: members.slice(i, i + 500).map((m) => m.id),
          category: 'subs',
          description: 'Bench subs',
          amount_pence: 2500,
          due_date: '2026-09-01',
        },
      });
    }
    const references = new Map((await db.select().from(schema.payerReferences)).map((r) => [r.payer_user_id, r.reference]));

    // 5,000 lines: exact references, typos, names with an amount, strangers and money going out.
    const rows = ['Date,Counter Party,Reference,Type,Amount (GBP),Balance (GBP),Spending Category'];
    for (let i = 0; i < LINES; i++) {
      const payer = i % PAYERS;
      const ref = references.get(users[payer].id);
      const date = `${String(1 + (i % 28)).padStart(2, '0')}/09/2026`;
      const kind = i % 10;
      const [who, reference, amount] =
        kind < 6
          ? [names[payer], ref, '25.00']
          : kind === 6
            ? [names[payer], `${ref.slice(0, -2)}A${ref.slice(-1)}`, '25.00']
            : kind === 7
              ? [names[payer], 'SUBS', '25.00']
              : kind === 8
                ? ['SOMEONE ELSE', `GIFT ${i}`, '10.00']
                : ['PITCH HIRE', `INV ${i}`, '-45.00'];
      rows.push(`${date},"${who}",${reference},FASTER PAYMENT,${amount},,INCOME`);
    }
    const csv = `${rows.join('\r\n')}\r\n`;

    const form = new FormData();
    form.append('file', new File([csv], 'bench.csv', { type: 'text/csv' }));
    const started = performance.now();
    const preview = await call('POST', '/api/treasury/imports', { token, form });
    const previewed = performance.now();
    const committed = await call('POST', `/api/treasury/imports/${preview.id}/commit`, { token });
    const done = performance.now();
    if (committed.lines_added !== LINES) throw new Error(`the commit added ${committed.lines_added} lines, not ${LINES}`);

    const row = {
      id: ROW_ID,
      name: `Statement import: ${LINES.toLocaleString('en-GB')} lines, ${PAYERS.toLocaleString('en-GB')} payers (preview + commit)`,
      kind: 'treasury',
      total_ms: Math.round(done - started),
      preview_ms: Math.round(previewed - started),
      commit_ms: Math.round(done - previewed),
      counts: { allocated: preview.allocated, suggested: preview.suggested, unmatched: preview.unmatched, outgoing: preview.outgoing },
      target: `under ${TARGET_MS / 1000} s`,
      met: done - started < TARGET_MS,
      measured_at: new Date().toISOString(),
      cores: os.cpus().length,
    };
    console.log(
      `${row.name}: ${row.total_ms} ms (preview ${row.preview_ms} ms, commit ${row.commit_ms} ms) ${row.met ? 'meets' : 'MISSES'} the target ${row.target}`,
    );
    await record(row);
  } finally {
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** Puts the row into bench/results.json (treasury) and its own section of bench/results.md, replacing an earlier one. */
async function record(row) {
  const jsonFile = path.join(root, 'bench', 'results.json');
  const report = JSON.parse(await fs.readFile(jsonFile, 'utf8').catch(() => '{}'));
  report.treasury = row;
  await fs.writeFile(jsonFile, `${JSON.stringify(report, null, 2)}\n`);
  const mdFile = path.join(root, 'bench', 'results.md');
  const md = await fs.readFile(mdFile, 'utf8').catch(() => '# Benchmark results\n');
  const heading = '## Treasury: statement import';
  const section = [
    heading,
    '',
    '| row | total | preview | commit | target | met |',
    '|---|---|---|---|---|---|',
    `| ${row.name} | ${row.total_ms} ms | ${row.preview_ms} ms | ${row.commit_ms} ms | ${row.target} | ${row.met ? 'yes' : 'no'} |`,
    '',
    `Matched in the preview: ${row.counts.allocated} allocated, ${row.counts.suggested} suggested, ${row.counts.unmatched} unmatched, ${row.counts.outgoing} outgoing. ` +
      `In-process through the API (\`app.request\`, no network) on the embedded PostgreSQL, ${row.cores} cores shared with other work; measured ${row.measured_at} by \`npm run bench:treasury\`.`,
    '',
  ].join('\n');
  const at = md.indexOf(heading);
  const next = at < 0 ? -1 : md.indexOf('\n## ', at + heading.length);
  const updated = at < 0 ? `${md.trimEnd()}\n\n${section}` : `${md.slice(0, at)}${section}${next < 0 ? '' : md.slice(next + 1)}`;
  await fs.writeFile(mdFile, updated);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
