import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clubId, clubKey, clubRef, createdAt, id } from './columns';

export const roleEnum = pgEnum('role', ['admin', 'staff', 'player']);

export const users = pgTable(
  'users',
  {
    club_id: clubId(),
    id: id(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    full_name: text('full_name').notNull(),
    role: roleEnum('role').notNull().default('player'),
    password_hash: text('password_hash').notNull(),
    /** When the address was shown to be theirs (a link followed); the club mails only confirmed addresses. */
    email_confirmed_at: timestamp('email_confirmed_at', { withTimezone: true, mode: 'date' }),
    /** When the person first chose their own password (a login the admin created waits for it). */
    activated_at: timestamp('activated_at', { withTimezone: true, mode: 'date' }),
    /** Set while the member has left the club: the login cannot sign in. */
    disabled_at: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
    /** The login's own phone number (a parent's, issue 31): a member's is on their player record. */
    phone: text('phone'),
    created_at: createdAt(),
  },
  (t) => [
    clubKey(t, t.id),
    // Usernames and e-mails are unique within the club whatever their case: "Sam" and "sam" are one person.
    uniqueIndex('users_username_lower_idx').on(t.club_id, sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(t.club_id, sql`lower(${t.email})`),
  ],
);

/** Only the SHA-256 hash of a session token is stored; the token itself lives in the cookie. */
export const sessions = pgTable(
  'sessions',
  {
    club_id: clubId(),
    token_hash: text('token_hash').notNull(),
    user_id: uuid('user_id').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    created_at: createdAt(),
  },
  (t) => [
    clubKey(t, t.token_hash),
    clubRef('sessions_user_id_fk', t, t.user_id, users, users.id).onDelete('cascade'),
    index('sessions_user_idx').on(t.user_id),
  ],
);

/** Failed sign-in counters per key ("user:<name>" or "addr:<ip>"), shared by every app process. */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    club_id: clubId(),
    key: text('key').notNull(),
    failures: integer('failures').notNull().default(0),
    window_ends_at: timestamp('window_ends_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [clubKey(t, t.key)],
);

/** The club's own roles, besides playing and team staff (issue 21): who may run which part of the club. */
export const clubRoleEnum = pgEnum('club_role', ['admin', 'secretary', 'treasurer', 'welfare_officer', 'data_protection_lead']);

export const clubRoles = pgTable(
  'club_roles',
  {
    club_id: clubId(),
    user_id: uuid('user_id').notNull(),
    role: clubRoleEnum('role').notNull(),
    granted_at: timestamp('granted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    granted_by: uuid('granted_by'),
  },
  (t) => [
    clubKey(t, t.user_id, t.role),
    clubRef('club_roles_user_id_fk', t, t.user_id, users, users.id).onDelete('cascade'),
    clubRef('club_roles_granted_by_fk', t, t.granted_by, users, users.id).onDelete('set null'),
  ],
);

/** Every grant and removal of a role (club or team staff): who, what, by whom, when. Kept when people go. */
export const roleChanges = pgTable(
  'role_changes',
  {
    club_id: clubId(),
    id: id(),
    /** The person whose role changed, named as they were then (the row outlives them). */
    subject_name: text('subject_name').notNull(),
    subject_user_id: uuid('subject_user_id'),
    subject_player_id: uuid('subject_player_id'),
    /** "secretary", or a team role as "coach of Senior". */
    role: text('role').notNull(),
    action: text('action', { enum: ['granted', 'removed'] }).notNull(),
    by_user_id: uuid('by_user_id'),
    by_name: text('by_name').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    clubKey(t, t.id),
    clubRef('role_changes_subject_user_id_fk', t, t.subject_user_id, users, users.id).onDelete('set null'),
    clubRef('role_changes_by_user_id_fk', t, t.by_user_id, users, users.id).onDelete('set null'),
    index('role_changes_created_idx').on(t.created_at),
  ],
);

/**
 * One-use links sent by e-mail for an account: confirm a new registration's address, confirm a
 * change of address (the new one is in `email`), or set a first password (a login the admin made,
 * valid 7 days). Only the SHA-256 of the token is kept.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    club_id: clubId(),
    token_hash: text('token_hash').notNull(),
    user_id: uuid('user_id').notNull(),
    purpose: text('purpose', { enum: ['confirm_email', 'change_email', 'welcome'] }).notNull(),
    email: text('email').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    created_at: createdAt(),
  },
  (t) => [
    clubKey(t, t.token_hash),
    clubRef('account_tokens_user_id_fk', t, t.user_id, users, users.id).onDelete('cascade'),
    index('account_tokens_user_idx').on(t.user_id),
  ],
);

/**
 * Safeguarding actions on access (issue 30): a login switched off or on by the club, and a
 * guardian's link to a child removed. Who, when and why; kept when the people go.
 */
export const accessChanges = pgTable(
  'access_changes',
  {
    club_id: clubId(),
    id: id(),
    action: text('action', { enum: ['login_switched_off', 'login_switched_on', 'guardian_link_removed'] }).notNull(),
    /** The login concerned (the guardian, for a removed link), named as they were then. */
    subject_user_id: uuid('subject_user_id'),
    subject_name: text('subject_name').notNull(),
    /** For a removed guardian link: the child. */
    child_player_id: uuid('child_player_id'),
    child_name: text('child_name'),
    reason: text('reason').notNull(),
    by_user_id: uuid('by_user_id'),
    by_name: text('by_name').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    clubKey(t, t.id),
    clubRef('access_changes_subject_user_id_fk', t, t.subject_user_id, users, users.id).onDelete('set null'),
    clubRef('access_changes_by_user_id_fk', t, t.by_user_id, users, users.id).onDelete('set null'),
    index('access_changes_created_idx').on(t.created_at),
  ],
);
