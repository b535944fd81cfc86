import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH } from '../shared/auth';
import { HELD_MAIL_DAYS } from '../shared/mail';
import { REMINDER_STAGES } from './jobs/availability-reminders';
import { DBS_REMINDER_STAGES, dbsNoticeKind } from './services/juniors/dbs-notices';
import { RETRY_DELAYS_MS } from './services/outbox';
import { DEFAULT_ANONYMOUS_WRITE_LIMITS, type AnonymousWrite } from './services/throttle';
import { PAYMENT_REMINDER_STAGES } from './services/treasury/reminders';
import { PRIVACY_REMINDER_STAGES } from './services/privacy/reminders';
import { HOSTING_TARGETS } from '../scripts/lib/hosting-targets';

// Docs cite, they don't copy (issue 32): the README names the constant (and its file) beside a figure
// it quotes, and this file checks the figures still match. The "Reminder schedules" table quotes each
// stage as "`id`: when": a stage retimed, renamed, added or removed in code without the table following
// fails here, as does a changed default rate limit, password length or held-mail expiry.
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
/** The prose with its line breaks as spaces, so reflowing a paragraph changes nothing here. */
const prose = readme.replace(/\s+/g, ' ');
const table = readme.slice(readme.indexOf('#### Reminder schedules'));
const rowOf = (constant: string) => table.split('\n').find((line) => line.startsWith('|') && line.includes(`\`${constant}\``));

/** "`early`: 6 days before kick-off; `late`: 48 hours before kick-off": a row's stages, as the code has them. */
const inWords = (stages: readonly { id: string; label: string }[]) => stages.map((s) => `\`${s.id}\`: ${s.label}`).join('; ');

describe('the README quotes every reminder schedule from its constant', () => {
  it('availability reminders: REMINDER_STAGES, each stage by id and label', () => {
    const row = rowOf('REMINDER_STAGES');
    expect(row, 'a README row naming `REMINDER_STAGES`').toBeDefined();
    expect(row).toContain('`server/jobs/availability-reminders.ts`');
    expect(row).toContain(`| ${inWords(REMINDER_STAGES)} |`);
    for (const stage of REMINDER_STAGES) expect(readme).toContain(stage.label);
  });

  it('payment reminders: PAYMENT_REMINDER_STAGES, each stage by id and label', () => {
    const row = rowOf('PAYMENT_REMINDER_STAGES');
    expect(row, 'a README row naming `PAYMENT_REMINDER_STAGES`').toBeDefined();
    expect(row).toContain('`server/services/treasury/reminders.ts`');
    expect(row).toContain(`| ${inWords(PAYMENT_REMINDER_STAGES)} |`);
  });

  it('DBS notices: DBS_REMINDER_STAGES, each stage by id and label, then the expiry notice', () => {
    const row = rowOf('DBS_REMINDER_STAGES');
    expect(row, 'a README row naming `DBS_REMINDER_STAGES`').toBeDefined();
    expect(row).toContain('`server/services/juniors/dbs-notices.ts`');
    expect(row).toContain(`| ${inWords([...DBS_REMINDER_STAGES, { id: dbsNoticeKind('expired'), label: 'the day after it expired' }])} |`);
  });

  it('data request reminders: PRIVACY_REMINDER_STAGES, each stage by id and label', () => {
    const row = rowOf('PRIVACY_REMINDER_STAGES');
    expect(row, 'a README row naming `PRIVACY_REMINDER_STAGES`').toBeDefined();
    expect(row).toContain('`server/services/privacy/reminders.ts`');
    expect(row).toContain(`| ${inWords(PRIVACY_REMINDER_STAGES)} |`);
  });

  it('prose elsewhere names the constant rather than copying its figures', () => {
    // The figures as they were once copied into prose (issue 32): now only the table quotes them.
    expect(prose).not.toMatch(/6 days and 48 hours/);
    expect(readme.match(/REMINDER_STAGES/g)?.length).toBeGreaterThanOrEqual(2);
  });
});

describe('the README quotes other figures from their constants', () => {
  const configRow = (variable: string) => readme.split('\n').find((line) => line.startsWith(`| \`${variable}\` |`));
  const LIMIT_VARIABLES: Record<AnonymousWrite, string> = {
    registration: 'LIMIT_REGISTRATIONS_PER_HOUR',
    join_us: 'LIMIT_JOIN_US_PER_HOUR',
    forgot_password: 'LIMIT_PASSWORD_REQUESTS_PER_HOUR',
    order: 'LIMIT_ORDERS_PER_HOUR',
  };

  it('Configuration: the default rate limits are DEFAULT_ANONYMOUS_WRITE_LIMITS, the mail retries RETRY_DELAYS_MS', () => {
    for (const [write, variable] of Object.entries(LIMIT_VARIABLES) as [AnonymousWrite, string][]) {
      expect(configRow(variable), variable).toContain(`| \`${DEFAULT_ANONYMOUS_WRITE_LIMITS[write]}\` |`);
    }
    expect(prose).toContain('`DEFAULT_ANONYMOUS_WRITE_LIMITS` (`server/services/throttle.ts`)');
    expect(configRow('MAIL_RETRY_DELAYS')).toContain(`| \`${RETRY_DELAYS_MS.map((ms) => ms / 1000).join(',')}\` |`);
  });

  it('Benchmark: the many-clubs row quotes HOSTING_TARGETS (scripts/lib/hosting-targets.ts)', () => {
    const clubs = HOSTING_TARGETS.clubs.toLocaleString('en-GB');
    expect(prose).toContain('`HOSTING_TARGETS` in `scripts/lib/hosting-targets.ts`');
    expect(prose).toContain(`copies the club into ${clubs} clubs`);
    expect(prose).toContain(`cached pages across clubs at least ${HOSTING_TARGETS.pageRatio * 100} % of one club's requests per second`);
    expect(prose).toContain(`with a p99 under ${HOSTING_TARGETS.signedInP99Ms} ms`);
    expect(prose).toContain(`peak memory at most ${HOSTING_TARGETS.memoryRatio} times one club's`);
    expect(prose).toContain(`the start-up time with ${clubs} clubs reported`);
  });

  it('passwords: PASSWORD_MIN_LENGTH; held mail: HELD_MAIL_DAYS', () => {
    expect(prose).toContain(`Passwords have at least ${PASSWORD_MIN_LENGTH} characters (\`PASSWORD_MIN_LENGTH\`)`);
    expect(prose).toContain(`held for ${HELD_MAIL_DAYS} days (\`HELD_MAIL_DAYS\` in \`shared/mail.ts\`)`);
  });
});
