import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { registerPlayer } from '../support/api-client';
import { DESKTOP, PHONE, enhanced, hydrated, signIn, useBrowser } from '../support/browser';

// ADR 018: visitors subscribe to the club's fixtures from the fixtures page, or add one match.
const b = useBrowser();

describe('Calendar feeds on the fixtures page', () => {
  it('Visitors can subscribe to every fixture in their calendar app or Google Calendar, or copy the link', async () => {
    const page = await b.newPage({ viewport: PHONE });
    await page.goto('/fixtures');
    await enhanced(page);
    const section = page.getByRole('region', { name: 'Add the fixtures to your calendar' });
    const feedUrl = `${b.baseURL}/calendar/club.ics`;
    expect(await section.getByRole('link', { name: 'Subscribe on this device' }).getAttribute('href')).toBe(feedUrl.replace(/^http:/, 'webcal:'));
    const google = new URL((await section.getByRole('link', { name: 'Add to Google Calendar' }).getAttribute('href'))!);
    expect(google.origin).toBe('https://calendar.google.com');
    expect(google.searchParams.get('cid')).toBe(feedUrl.replace(/^http:/, 'webcal:'));
    expect(await section.getByLabel('Calendar link').inputValue()).toBe(feedUrl);

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: b.baseURL });
    await section.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Calendar link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(feedUrl);

    // The feed behind the link parses, and lists the fixtures shown on the page.
    const res = await fetch(feedUrl);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const events = new ICAL.Component(ICAL.parse(await res.text())).getAllSubcomponents('vevent');
    expect(events.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it('Without JavaScript the link is there to copy by hand, and no button that would do nothing', async () => {
    const page = await b.newPage({ javaScriptEnabled: false });
    await page.goto('/fixtures');
    const section = page.getByRole('region', { name: 'Add the fixtures to your calendar' });
    expect(await section.getByLabel('Calendar link').inputValue()).toBe(`${b.baseURL}/calendar/club.ics`);
    expect(await section.getByRole('button', { name: 'Copy link' }).count()).toBe(0);
  });

  it('An upcoming match has its own Add to calendar download', async () => {
    const page = await b.newPage();
    await page.goto('/fixtures?filter=upcoming');
    const first = page.getByTestId('fixture').first();
    await first.locator('summary').click();
    const link = first.getByRole('link', { name: 'Add to calendar' });
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/calendar\/fixtures\/[0-9a-f-]{36}\.ics$/);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const res = await fetch(`${b.baseURL}${href}`);
    const events = new ICAL.Component(ICAL.parse(await res.text())).getAllSubcomponents('vevent');
    expect(events).toHaveLength(1);
    expect(events[0].getFirstPropertyValue('uid')).toBe(`fixture-${href.split('/').pop()!.slice(0, -4)}@127.0.0.1`);
  });

  it('is accessible at phone and desktop widths', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await b.newPage({ viewport });
      await page.goto('/fixtures?filter=upcoming');
      await enhanced(page);
      await page.getByTestId('fixture').first().locator('summary').click();
      await expectNoAxeViolations(page, `fixtures with the calendar links at ${viewport.width} px`);
      if (process.env.SCREENSHOTS) await page.screenshot({ path: `/tmp/calendar-${viewport.width}.png`, fullPage: true });
    }
  });
});

describe('Subscribe to my calendar (Players’ Area, Schedule tab)', () => {
  it('A player gets a private link for their own teams, and Reset link ends the old one', async () => {
    const { username, password } = await registerPlayer(b.baseURL, 'cal', { full_name: 'Casey Calendar', position_preference: 'Goalkeeper' });
    const page = await b.newPage({ viewport: PHONE });
    await signIn(page, username, password);
    await page.goto('/players-area/schedule');
    await hydrated(page);
    const section = page.getByRole('region', { name: 'Subscribe to my calendar' });
    await section.getByRole('button', { name: 'Get my calendar link' }).click();
    const link = section.getByLabel('Calendar link', { exact: true });
    await link.waitFor();
    const first = await link.inputValue();
    expect(first).toMatch(/\/calendar\/me\/[\w-]{32}\.ics$/);
    const feed = await fetch(first);
    expect(feed.status).toBe(200);
    const summaries = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents('vevent').map((e) => e.getFirstPropertyValue('summary'));
    expect(summaries).toContain('Training: Senior');
    await expectNoAxeViolations(page, 'schedule with a new calendar link at 390 px');
    if (process.env.SCREENSHOTS) await page.screenshot({ path: '/tmp/portal-calendar-390.png', fullPage: true });

    // Reloaded: the link is not shown again (it is stored hashed); Reset link makes a new one.
    await page.reload();
    await section.getByRole('button', { name: 'Reset link' }).click();
    await link.waitFor();
    const second = await link.inputValue();
    expect(second).not.toBe(first);
    expect((await fetch(first)).status).toBe(404);
    expect((await fetch(second)).status).toBe(200);
  });
});
