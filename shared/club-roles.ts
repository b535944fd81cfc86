/** The roles a person can hold besides playing (issue 21), and how the pages name them. */

export const CLUB_ROLES = ['admin', 'secretary', 'treasurer', 'welfare_officer'] as const;
export type ClubRole = (typeof CLUB_ROLES)[number];
export const CLUB_ROLE_LABELS: Record<ClubRole, string> = {
  admin: 'Admin',
  secretary: 'Secretary',
  treasurer: 'Treasurer',
  welfare_officer: 'Welfare officer',
};

export const TEAM_STAFF_ROLES = ['manager', 'coach', 'assistant'] as const;
export type TeamStaffRole = (typeof TEAM_STAFF_ROLES)[number];
export const TEAM_STAFF_ROLE_LABELS: Record<TeamStaffRole, string> = {
  manager: 'Manager',
  coach: 'Coach',
  assistant: 'Assistant',
};
