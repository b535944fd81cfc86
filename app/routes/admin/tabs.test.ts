import { describe, expect, it } from 'vitest';
import type { Capabilities } from '../../../server/policy';
import { ADMIN_TABS, tabsFor } from './tabs';

const labels = (tabs: { label: string }[]) => tabs.map((tab) => tab.label);
const none: Capabilities = {
  enterAdmin: true,
  admin: false,
  memberRecords: false,
  membership: false,
  money: false,
  chargeMembers: false,
  safeguarding: false,
  guardians: false,
  dbsChecks: false,
  news: false,
  documents: false,
  clubSite: false,
  runsTeams: false,
  runsAllTeams: false,
  teams: false,
  messageWholeClub: false,
  setAgeGroup: false,
  matchDay: false,
  personalData: false,
  clubFile: false,
  clubDomain: false,
};
const all = Object.fromEntries(Object.keys(none).map((k) => [k, true])) as unknown as Capabilities;
const coach = { ...none, runsTeams: true, news: true, teams: true, matchDay: true };

describe('admin tabs follow the rule book', () => {
  it('Data requests for those who handle personal data (the data protection lead, the secretary), not a coach', () => {
    expect(labels(tabsFor(coach))).not.toContain('Data requests');
    expect(labels(tabsFor({ ...none, personalData: true }))).toContain('Data requests');
  });

  it('admins see every tab, Money included', () => {
    expect(labels(tabsFor(all))).toEqual(labels(ADMIN_TABS));
    expect(labels(tabsFor(all))).toContain('Money');
  });

  it('Money for those who charge members (the treasurer, and the secretary to charge), not a coach', () => {
    expect(labels(tabsFor(coach))).not.toContain('Money');
    expect(labels(tabsFor({ ...none, chargeMembers: true, runsTeams: true }))).toContain('Money');
    const treasurer = labels(tabsFor({ ...none, money: true, chargeMembers: true }));
    expect(treasurer).toContain('Money');
    expect(treasurer).not.toContain('Settings');
    expect(treasurer).not.toContain('Fixtures');
  });

  it('a coach sees the match week, not the club’s settings, shop or safeguarding', () => {
    const tabs = labels(tabsFor(coach));
    expect(tabs).toEqual(expect.arrayContaining(['Today', 'Players', 'Fixtures', 'Teams', 'Training', 'Match week', 'Match day', 'News', 'My account']));
    for (const tab of ['Settings', 'Products', 'Orders', 'Safeguarding', 'Parents & carers', 'Messages', 'Outbox']) expect(tabs).not.toContain(tab);
  });
});

describe('safeguarding tabs', () => {
  it('those who look after DBS checks and guardians see Safeguarding and Parents & carers; a coach does not', () => {
    expect(labels(tabsFor(coach))).not.toContain('Parents & carers');
    expect(labels(tabsFor(coach))).not.toContain('Safeguarding');
    expect(labels(tabsFor({ ...none, dbsChecks: true, guardians: true }))).toEqual(expect.arrayContaining(['Safeguarding', 'Parents & carers']));
  });
});

describe('match day (issue 31)', () => {
  it('team staff and the welfare officer see Match day; the treasurer and the secretary as such do not', () => {
    expect(labels(tabsFor(coach))).toContain('Match day');
    expect(labels(tabsFor({ ...none, money: true }))).not.toContain('Match day');
    expect(labels(tabsFor({ ...none, membership: true, runsTeams: true, runsAllTeams: true }))).not.toContain('Match day');
  });
});
