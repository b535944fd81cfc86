import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { TEST_MAIL_FROM } from '../../tests/support/mail';
import { club, mailSenderName } from '../../shared/club';
import { MAIL_TEMPLATES } from '../mail/registry';
import { composeMail, preferenceOf } from '../mail/template';
import { withSenderName } from '../services/outbox';

// Issue 33, acceptance: every kind of mail a club named "Ashdown Athletic Juniors" sends (each
// template in server/mail/templates, with every sample it has) names that club and never the sample
// club, in its subject, text and HTML, and comes from the club's name. (The mails a running club
// really sends, through its SMTP server: tests/e2e/club-named.test.ts.)
const t = await createTestContext();
const CLUB = 'Ashdown Athletic Juniors';
const SAMPLE_CLUB = /Riverside|Rovers|RRFC/i;
const SITE = 'https://ashdown.example.org';

describe(`every mail of a club named "${CLUB}"`, () => {
  it('starts as an empty club with that name', async () => {
    const res = await t.json('/api/admin/initialize-database', {
      method: 'POST',
      body: { club_name: CLUB, short_name: 'Ashdown Athletic', primary_colour: '#1e3a8a', sample: false },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await t.services.identity.refresh()).club_name).toBe(CLUB);
    expect(club().club_name).toBe(CLUB);
  });

  it("comes from the club's name, whatever name MAIL_FROM carries", () => {
    expect(TEST_MAIL_FROM).toMatch(SAMPLE_CLUB);
    expect(withSenderName(TEST_MAIL_FROM, mailSenderName(club()))).toBe(`"${CLUB}" <club@example.org>`);
    expect(withSenderName('no-reply@example.org', mailSenderName(club()))).toBe(`"${CLUB}" <no-reply@example.org>`);
  });

  const kinds = Object.entries(MAIL_TEMPLATES);
  it('covers every template there is', () => {
    expect(kinds.length).toBeGreaterThanOrEqual(25);
  });

  it.each(kinds)('%s: subject, text and HTML of every sample name the club, never the sample club', (name, template) => {
    const optional = preferenceOf(template);
    for (const [i, data] of template.samples.entries()) {
      for (const to of [{ name: 'Sam Sample' }, {}, { name: 'Jo Parent', forChildren: ['Ava'] }]) {
        const mail = composeMail(template, data, to, {
          siteUrl: SITE,
          settingsUrl: `${SITE}/players-area/account`,
          unsubscribeUrl: optional ? `${SITE}/unsubscribe?kind=${optional}&sig=x` : undefined,
        });
        const where = `${name}, sample ${i + 1}`;
        for (const [part, text] of Object.entries({ subject: mail.subject, text: mail.text, html: mail.html })) {
          expect(text, `${where}: ${part}`).not.toMatch(SAMPLE_CLUB);
        }
        expect(mail.text, `${where}: text`).toContain(CLUB);
        expect(mail.html, `${where}: html`).toContain(CLUB);
      }
    }
  });
});
