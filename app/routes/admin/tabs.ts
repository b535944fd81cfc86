import type { ClubRole } from '../../../shared/club-roles';
import type { Role } from '../../../shared/roles';

export interface AdminTab {
  to: string;
  label: string;
  /** Staff may open it (decision 6 in docs/architecture.md); everything else is admin-only. */
  staff: boolean;
  /** Also shown to a member of staff who holds one of these club roles (the treasurer's Money tab). */
  clubRoles?: readonly ClubRole[];
  end?: boolean;
}

/** The admin panel's tabs, in order (docs/product.md#admin-panel). */
export const ADMIN_TABS: AdminTab[] = [
  { to: '/admin', label: 'Today', staff: true, end: true },
  { to: '/admin/products', label: 'Products', staff: false },
  { to: '/admin/orders', label: 'Orders', staff: false },
  // Subs and fees (issue 24): admins and the treasurer.
  { to: '/admin/treasury', label: 'Money', staff: false, clubRoles: ['treasurer'] },
  // One Players area (ADR 027): the squad list with each player's login, stats, payments and feedback.
  { to: '/admin/players', label: 'Players', staff: true },
  { to: '/admin/fixtures', label: 'Fixtures', staff: true },
  { to: '/admin/teams', label: 'Teams', staff: true },
  { to: '/admin/training', label: 'Training', staff: true },
  { to: '/admin/matchweek', label: 'Match week', staff: true },
  { to: '/admin/sponsors', label: 'Sponsors', staff: false },
  { to: '/admin/news', label: 'News', staff: true },
  { to: '/admin/join-us', label: 'Join Us', staff: false },
  { to: '/admin/roles', label: 'People & roles', staff: false },
  // Issue 23: the welfare officer and DBS checks, and juniors' parents and carers: admins, the secretary and the welfare officer.
  { to: '/admin/safeguarding', label: 'Safeguarding', staff: false, clubRoles: ['secretary', 'welfare_officer'] },
  { to: '/admin/guardians', label: 'Parents & carers', staff: false, clubRoles: ['secretary', 'welfare_officer'] },
  { to: '/admin/settings', label: 'Settings', staff: false },
  { to: '/admin/documents', label: 'Documents', staff: false },
  { to: '/admin/messages', label: 'Messages', staff: false },
  { to: '/admin/outbox', label: 'Outbox', staff: false },
  { to: '/admin/account', label: 'My account', staff: true },
];

export const tabsFor = (role: Role, clubRoles: readonly ClubRole[] = []) =>
  ADMIN_TABS.filter((tab) => role === 'admin' || tab.staff || tab.clubRoles?.some((held) => clubRoles.includes(held)));
