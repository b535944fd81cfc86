/** The access matrix (issue 31): the coach's match-day card, the log of who read medical notes, who may collect a child. */
import { row, SAFEGUARDING, SIGNED_IN, type Row } from './personas';

export const MATCH_DAY_ROWS: Row[] = [
  // Issue 35: the pack is always the caller's own (and their children's); nothing in the path to try another's.
  row('GET /api/me/match-day', { allow: SIGNED_IN }),
  row('GET /api/teams/{id}/match-day-card', {
    params: { id: 'u12' },
    allow: ['coachU12', 'welfareOfficer'],
    why: 'the team’s own DBS-checked staff and the welfare officer; not the admin or secretary as such, nor a parent',
  }),
  row('GET /api/teams/{id}/match-day-card', { params: { id: 'u9' }, allow: ['welfareOfficer'], why: 'its coach’s staff place ended' }),
  row('GET /api/teams/{id}/match-day-card', { params: { id: 'senior' }, allow: [], why: 'kept for junior teams only (404)' }),
  row('GET /api/admin/medical-note-reads', { allow: SAFEGUARDING }),
  row('GET /api/players/{id}/collectors', { params: { id: 'otherChild' }, allow: ['parentB', 'coachU12', ...SAFEGUARDING] }),
  row('PUT /api/players/{id}/collectors', {
    params: { id: 'otherChild' },
    body: { others: 'Grandma Rose (Rose Other), or our neighbour Sam Green' },
    allow: ['parentB'],
    why: 'a parent who can answer names them (child9 is not used: the matrix’s invitations make everyone a carer of child9 by the end)',
  }),
];
