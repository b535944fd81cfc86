export const ROLES = ['admin', 'staff', 'player'] as const;
export type Role = (typeof ROLES)[number];

/** The signed-in person, as the API's `user` and the pages see them. */
export interface SessionUser {
  id: string;
  username: string;
  email: string;
  full_name: string;
  role: Role;
}

/** Staff run part of the admin panel (decision 6 in docs/architecture.md). */
export const canEnterAdmin = (role: Role) => role === 'admin' || role === 'staff';

/** Where a person lands after signing in. */
export const homeFor = (role: Role) => (canEnterAdmin(role) ? '/admin' : '/players-area');

export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', staff: 'Staff', player: 'Player' };
