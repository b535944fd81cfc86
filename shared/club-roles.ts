/** The roles a person can hold besides playing (issue 21), and how the pages name them. */
import { codesOf } from './codes';

export const CLUB_ROLE_LABELS = {
  admin: 'Admin',
  secretary: 'Secretary',
  treasurer: 'Treasurer',
  welfare_officer: 'Welfare officer',
  /** Answers personal-data requests and runs the retention schedule (issue 34). */
  data_protection_lead: 'Data protection lead',
};
export type ClubRole = keyof typeof CLUB_ROLE_LABELS;
export const CLUB_ROLES = codesOf(CLUB_ROLE_LABELS);

export const TEAM_STAFF_ROLE_LABELS = {
  manager: 'Manager',
  coach: 'Coach',
  assistant: 'Assistant',
};
export type TeamStaffRole = keyof typeof TEAM_STAFF_ROLE_LABELS;
export const TEAM_STAFF_ROLES = codesOf(TEAM_STAFF_ROLE_LABELS);
