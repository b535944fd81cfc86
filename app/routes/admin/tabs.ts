import type { Capabilities } from '../../../server/policy';

export interface AdminTab {
  to: string;
  label: string;
  /** The rule book's capability that opens it (server/policy, issue 30); each page guards itself too. */
  can: keyof Capabilities;
  end?: boolean;
}

/** The admin panel's tabs, in order (docs/product.md#admin-panel). */
export const ADMIN_TABS: AdminTab[] = [
  { to: '/admin', label: 'Today', can: 'enterAdmin', end: true },
  { to: '/admin/products', label: 'Products', can: 'clubSite' },
  { to: '/admin/orders', label: 'Orders', can: 'clubSite' },
  // Subs and fees (issue 24): admins and the treasurer; the secretary charges members there too (issue 31).
  { to: '/admin/treasury', label: 'Money', can: 'chargeMembers' },
  // One Players area (ADR 027): the squad list with each player's login, stats, payments and feedback
  // (each role sees the members and fields the rule book gives it).
  { to: '/admin/players', label: 'Players', can: 'enterAdmin' },
  { to: '/admin/fixtures', label: 'Fixtures', can: 'runsTeams' },
  { to: '/admin/teams', label: 'Teams', can: 'teams' },
  { to: '/admin/training', label: 'Training', can: 'runsTeams' },
  { to: '/admin/matchweek', label: 'Match week', can: 'runsTeams' },
  // Issue 31: the coach's match-day card per junior team (its staff and the welfare officer).
  { to: '/admin/match-day', label: 'Match day', can: 'matchDay' },
  { to: '/admin/sponsors', label: 'Sponsors', can: 'clubSite' },
  { to: '/admin/news', label: 'News', can: 'news' },
  { to: '/admin/join-us', label: 'Join Us', can: 'admin' },
  { to: '/admin/roles', label: 'People & roles', can: 'admin' },
  // Issue 23: the welfare officer and DBS checks, and juniors' parents and carers: admins, the secretary and the welfare officer.
  { to: '/admin/safeguarding', label: 'Safeguarding', can: 'dbsChecks' },
  { to: '/admin/guardians', label: 'Parents & carers', can: 'guardians' },
  // Issue 34: personal-data requests and their deadlines: the data protection lead, the secretary, admins.
  { to: '/admin/privacy', label: 'Data requests', can: 'personalData' },
  { to: '/admin/settings', label: 'Settings', can: 'clubSite' },
  // Issue 33: the club's own pages (About, the home page's welcome, the privacy notice), beside Settings.
  { to: '/admin/pages', label: 'Pages', can: 'clubSite' },
  { to: '/admin/documents', label: 'Documents', can: 'documents' },
  { to: '/admin/messages', label: 'Messages', can: 'messageWholeClub' },
  { to: '/admin/outbox', label: 'Outbox', can: 'admin' },
  { to: '/admin/account', label: 'My account', can: 'enterAdmin' },
];

export const tabsFor = (can: Capabilities) => ADMIN_TABS.filter((tab) => can[tab.can]);
