import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAIL_PREFERENCES, MAIL_PREFERENCE_IDS } from '../../../shared/mail';
import { MAIL_TEMPLATES, OPTIONAL_PREFERENCES } from '../registry';
import { composeMail, preferenceOf, type MailPolicy, type MailTemplate } from '../template';

const SITE = 'https://club.example.org';
const SETTINGS = `${SITE}/players-area/account`;
const unsubscribeFor = (kind: string) => `${SITE}/unsubscribe?user=0d7f4a9c-2b3e-4c1d-8e5f-6a7b8c9d0e1f&kind=${kind}&sig=Q2x1YlNpZ25hdHVyZQ`;

const isTemplate = (value: unknown): value is MailTemplate<unknown> =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as MailTemplate<unknown>).write === 'function' &&
  Array.isArray((value as MailTemplate<unknown>).samples);

/** Files here that hold shared pieces of templates, not a template. */
const HELPERS = ['index.ts', 'match-event.ts'];

describe('the registry of e-mail templates', () => {
  it('lists every template in this folder (a new one cannot be forgotten)', async () => {
    const registered = new Set(Object.values(MAIL_TEMPLATES));
    const files = readdirSync(import.meta.dirname).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !HELPERS.includes(f));
    expect(files.length).toBeGreaterThanOrEqual(13);
    for (const file of files) {
      const templates = Object.values(await import(/* @vite-ignore */ `./${file}`)).filter(isTemplate);
      expect(templates.length, `${file} exports a template`).toBeGreaterThan(0);
      for (const template of templates) expect(registered.has(template), `${file}'s "${template.kind}" template is in the registry (index.ts)`).toBe(true);
    }
  });

  it('has a policy declared by every template: an account mail, always sent, or optional under a named preference', () => {
    const valid = (policy: MailPolicy | undefined) =>
      policy === 'account' ||
      policy === 'always' ||
      (typeof policy === 'object' && policy !== null && (MAIL_PREFERENCE_IDS as string[]).includes(policy.optional));
    for (const [name, template] of Object.entries(MAIL_TEMPLATES)) expect(valid(template.policy), `${name} declares its policy`).toBe(true);
  });

  it('names no preference that no template is optional under (the preferences page offers only real choices)', () => {
    expect(OPTIONAL_PREFERENCES).toEqual(MAIL_PREFERENCES);
  });

  it('gives every template of one outbox kind the same policy', () => {
    const byKind = new Map<string, MailPolicy>();
    for (const template of Object.values(MAIL_TEMPLATES)) {
      const seen = byKind.get(template.kind);
      if (seen) expect(template.policy, template.kind).toEqual(seen);
      byKind.set(template.kind, template.policy);
    }
  });

  it('cannot be given a template without a policy (the type says so)', () => {
    // @ts-expect-error a template must declare its policy
    const undeclared: MailTemplate<null> = { kind: 'undeclared', write: () => ({ subject: 'x', paragraphs: [] }), samples: [null] };
    expect(undeclared).not.toHaveProperty('policy');
  });
});

const ISO_DATE = /\d{4}-\d{2}-\d{2}/;
const ISO_TIME = /T\d{2}:\d{2}:\d{2}/;
const LEFTOVERS = /\b(undefined|null|NaN)\b|\[object Object\]/;
const SNAKE_CASE = /\b[a-z][a-z0-9]*_[a-z0-9_]+\b/;
/** Words only: links may hold anything (ids, signatures). */
const withoutLinks = (s: string) => s.replace(/https?:\/\/\S+/g, '').replace(/href="[^"]*"/g, '');

describe.each(Object.entries(MAIL_TEMPLATES))('the %s e-mail', (name, template) => {
  const optional = preferenceOf(template);
  const cases = template.samples.flatMap((data, i) => [
    { label: `sample ${i + 1} to a member`, data, to: { name: 'Sam Sample' } },
    { label: `sample ${i + 1} to nobody named`, data, to: {} },
  ]);

  it('has samples to render', () => {
    expect(template.samples.length).toBeGreaterThan(0);
  });

  it.each(cases)('$label: plain words, dates in words, no raw fields', ({ data, to }) => {
    const mail = composeMail(template, data, to, { siteUrl: SITE, settingsUrl: SETTINGS, unsubscribeUrl: optional ? unsubscribeFor(optional) : undefined });
    expect(mail.subject.trim().length, `${name}: subject`).toBeGreaterThan(0);
    expect(mail.subject).not.toMatch(/\n/);
    for (const [part, value] of [
      ['subject', mail.subject],
      ['text', mail.text],
      ['html', mail.html],
    ] as const) {
      const words = withoutLinks(value);
      expect(words, `${name} ${part}: a raw ISO date`).not.toMatch(ISO_DATE);
      expect(words, `${name} ${part}: a raw ISO time`).not.toMatch(ISO_TIME);
      expect(words, `${name} ${part}: undefined, null or an object`).not.toMatch(LEFTOVERS);
      if (part !== 'html') expect(words, `${name} ${part}: a snake_case field name`).not.toMatch(SNAKE_CASE);
    }
    // Links in the site, absolute.
    expect(mail.text).toContain(SITE);
    expect(mail.text).not.toMatch(/: \/[a-z]/);
  });

  it.each(cases)('$label: Auto-Submitted on every mail; List-Unsubscribe and an unsubscribe link where a member can turn it off', ({ data, to }) => {
    const mail = composeMail(template, data, to, { siteUrl: SITE, settingsUrl: SETTINGS, unsubscribeUrl: optional ? unsubscribeFor(optional) : undefined });
    expect(mail.headers['Auto-Submitted']).toBe('auto-generated');
    if (optional) {
      const link = unsubscribeFor(optional);
      expect(mail.headers['List-Unsubscribe']).toBe(`<${link}>`);
      expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.text).toContain(`Stop e-mails like this one: ${link}`);
      expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    } else {
      expect(mail.headers).not.toHaveProperty('List-Unsubscribe');
      expect(mail.headers).not.toHaveProperty('List-Unsubscribe-Post');
      expect(mail.text).not.toContain('/unsubscribe');
    }
  });
});

describe('composeMail', () => {
  it('refuses to compose a mail members can turn off without its unsubscribe link', () => {
    const optional = Object.values(MAIL_TEMPLATES).find((t) => preferenceOf(t))!;
    expect(() => composeMail(optional, optional.samples[0], { name: 'Sam' }, { siteUrl: SITE })).toThrow(/unsubscribe link/);
  });
});
