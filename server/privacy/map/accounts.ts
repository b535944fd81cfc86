/** The data map (issue 34): logins, sessions, club roles and the access audit (server/db/schema/accounts.ts, calendar.ts). */
import { accessChanges, accountTokens, calendarTokens, clubRoles, loginThrottle, roleChanges, sessions, users } from '../../db/schema';
import type { MappedTable } from '../types';
import { DELETE, detach } from './common';

export const ACCOUNTS_MAP: MappedTable[] = [
  {
    table: users,
    about: [{ user: users.id }],
    section: 'account',
    personal: ['id', 'username', 'email', 'full_name', 'phone', 'password_hash'],
    other: ['role', 'email_confirmed_at', 'activated_at', 'disabled_at', 'created_at'],
    redact: ['password_hash'],
    // The login goes; erasure keeps only a hashed address so the person is not invited again.
    erase: DELETE,
  },
  {
    table: sessions,
    about: [{ user: sessions.user_id }],
    section: 'account',
    personal: ['user_id', 'token_hash'],
    other: ['expires_at', 'created_at'],
    redact: ['token_hash'],
    erase: DELETE,
  },
  {
    // Failed sign-in counters keyed by "user:<name>" or "addr:<ip>": no column names a person by
    // id and every row runs out within the hour; erasure still replaces the username in the key.
    table: loginThrottle,
    about: [],
    section: null,
    personal: ['key'],
    other: ['failures', 'window_ends_at'],
    mentions: ['key'],
  },
  {
    table: clubRoles,
    about: [{ user: clubRoles.user_id }, { user: clubRoles.granted_by, by: true }],
    section: 'roles_and_audit',
    personal: ['user_id', 'granted_by'],
    other: ['role', 'granted_at'],
    erase: DELETE,
  },
  {
    table: roleChanges,
    about: [{ user: roleChanges.subject_user_id }, { player: roleChanges.subject_player_id }, { user: roleChanges.by_user_id, by: true }],
    section: 'roles_and_audit',
    personal: ['subject_name', 'subject_user_id', 'subject_player_id', 'by_user_id', 'by_name'],
    other: ['id', 'role', 'action', 'created_at'],
    mentions: ['subject_name', 'by_name'],
    redact: ['by_user_id'],
    erase: detach('The club keeps who held which role and when; the name becomes the pseudonym'),
  },
  {
    table: accountTokens,
    about: [{ user: accountTokens.user_id }, { email: accountTokens.email }],
    section: 'account',
    personal: ['user_id', 'email', 'token_hash'],
    other: ['purpose', 'expires_at', 'used_at', 'created_at'],
    redact: ['token_hash'],
    erase: DELETE,
  },
  {
    table: accessChanges,
    about: [{ user: accessChanges.subject_user_id }, { player: accessChanges.child_player_id }, { user: accessChanges.by_user_id, by: true }],
    section: 'roles_and_audit',
    personal: ['subject_user_id', 'subject_name', 'child_player_id', 'child_name', 'by_user_id', 'by_name'],
    // The reason is the club's safeguarding record: it stays, with the names in it replaced.
    other: ['id', 'action', 'reason', 'created_at'],
    mentions: ['subject_name', 'child_name', 'reason', 'by_name'],
    redact: ['by_user_id'],
    // A safeguarding action stays on record (who was switched off and why); the names go.
    erase: detach('Safeguarding actions on access are kept; the name becomes the pseudonym'),
  },
  {
    table: calendarTokens,
    about: [{ user: calendarTokens.user_id }],
    section: 'account',
    personal: ['user_id', 'token_hash'],
    other: ['created_at', 'last_used_at'],
    redact: ['token_hash'],
    erase: DELETE,
  },
];
