import { boolean, date, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CONSENT_KINDS, DBS_STATUSES, GUARDIAN_LEVELS } from '../../../shared/juniors';
import { users } from './accounts';
import { clubId, clubKey, clubRef, createdAt, id, updatedAt } from './columns';
import { noticeVersion, privacyNoticeVersions } from './privacy-notice';
import { players } from './squad';
import { teams } from './teams';

/**
 * Junior football (issue 23, ADR 038): guardians answer for children, consents say what may be
 * public, and the status of a junior team's staff's DBS checks is recorded (never the certificate).
 */

export const guardianLevelEnum = pgEnum('guardian_level', GUARDIAN_LEVELS);

/** A guardian's link to a child: many to many (two parents, a parent with three children). */
export const guardians = pgTable(
  'guardians',
  {
    club_id: clubId(),
    user_id: uuid('user_id').notNull(),
    player_id: uuid('player_id').notNull(),
    level: guardianLevelEnum('level').notNull().default('primary'),
    /** "Mother", "Grandfather", "Carer" … as the club was told. */
    relationship: text('relationship'),
    /** Who linked them (an accepted invitation or an approved request), named as they were then. */
    approved_by: text('approved_by').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    clubRef('guardians_user_id_fk', t, t.user_id, users, users.id).onDelete('cascade'),
    clubRef('guardians_player_id_fk', t, t.player_id, players, players.id).onDelete('cascade'),
    clubKey(t, t.user_id, t.player_id),
    index('guardians_player_idx').on(t.player_id),
  ],
);

/** The club invites a guardian by e-mail: a single-use link, valid 7 days (only the token's SHA-256 is kept). */
export const guardianInvitations = pgTable(
  'guardian_invitations',
  {
    club_id: clubId(),
    token_hash: text('token_hash').notNull(),
    player_id: uuid('player_id').notNull(),
    email: text('email').notNull(),
    level: guardianLevelEnum('level').notNull().default('primary'),
    relationship: text('relationship'),
    invited_by: text('invited_by').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    /** The privacy notice version shown to whoever accepted it (issue 34). */
    notice_version: noticeVersion(),
    created_at: createdAt(),
  },
  (t) => [
    clubKey(t, t.token_hash),
    clubRef('guardian_invitations_player_id_fk', t, t.player_id, players, players.id).onDelete('cascade'),
    clubRef('guardian_invitations_notice_version_fk', t, t.notice_version, privacyNoticeVersions, privacyNoticeVersions.version),
    index('guardian_invitations_player_idx').on(t.player_id),
  ],
);

export const guardianRequestStatusEnum = pgEnum('guardian_request_status', ['pending', 'approved', 'rejected']);

/** "I am a parent": someone with a login asks to be linked to a child; a secretary or the welfare officer decides. */
export const guardianRequests = pgTable(
  'guardian_requests',
  {
    club_id: clubId(),
    id: id(),
    user_id: uuid('user_id').notNull(),
    child_name: text('child_name').notNull(),
    child_date_of_birth: date('child_date_of_birth', { mode: 'string' }).notNull(),
    relationship: text('relationship'),
    team_id: uuid('team_id'),
    message: text('message'),
    status: guardianRequestStatusEnum('status').notNull().default('pending'),
    /** The child the request was linked to when approved. */
    player_id: uuid('player_id'),
    decided_by: text('decided_by'),
    decided_at: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    reason: text('reason'),
    /** The privacy notice version the parent was shown (issue 34). */
    notice_version: noticeVersion(),
    created_at: createdAt(),
  },
  (t) => [
    clubKey(t, t.id),
    clubRef('guardian_requests_user_id_fk', t, t.user_id, users, users.id).onDelete('cascade'),
    clubRef('guardian_requests_team_id_fk', t, t.team_id, teams, teams.id).onDelete('set null'),
    clubRef('guardian_requests_player_id_fk', t, t.player_id, players, players.id).onDelete('set null'),
    clubRef('guardian_requests_notice_version_fk', t, t.notice_version, privacyNoticeVersions, privacyNoticeVersions.version),
    index('guardian_requests_status_idx').on(t.status, t.created_at),
  ],
);

export const consentKindEnum = pgEnum('consent_kind', CONSENT_KINDS);

/**
 * Consents, per child per season, append-only: the latest row for (child, season, kind) is the
 * answer; none means no. A withdrawal is a new row with `given` false, in force on the next request.
 */
export const consents = pgTable(
  'consents',
  {
    club_id: clubId(),
    id: id(),
    player_id: uuid('player_id').notNull(),
    /** "2026-27": consents expire on 31 August. */
    season: text('season').notNull(),
    kind: consentKindEnum('kind').notNull(),
    given: boolean('given').notNull(),
    given_by: uuid('given_by'),
    given_by_name: text('given_by_name').notNull(),
    /** The version of the words agreed to (shared/juniors.ts CONSENT_TEXT_VERSION). */
    text_version: text('text_version').notNull(),
    /** The privacy notice version the guardian was shown (issue 34). */
    notice_version: noticeVersion(),
    created_at: createdAt(),
  },
  (t) => [
    clubKey(t, t.id),
    clubRef('consents_player_id_fk', t, t.player_id, players, players.id).onDelete('cascade'),
    clubRef('consents_given_by_fk', t, t.given_by, users, users.id).onDelete('set null'),
    clubRef('consents_notice_version_fk', t, t.notice_version, privacyNoticeVersions, privacyNoticeVersions.version),
    index('consents_player_season_kind_idx').on(t.player_id, t.season, t.kind, t.created_at),
  ],
);

/** Every read of a child's medical notes by someone other than their guardians (UK GDPR special category data). */
export const medicalNoteReads = pgTable(
  'medical_note_reads',
  {
    club_id: clubId(),
    id: id(),
    player_id: uuid('player_id').notNull(),
    read_by: uuid('read_by'),
    read_by_name: text('read_by_name').notNull(),
    read_at: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Where they were read: "Match-day card: U9" (issue 31); null for the child's own page. */
    via: text('via'),
  },
  (t) => [
    clubKey(t, t.id),
    clubRef('medical_note_reads_player_id_fk', t, t.player_id, players, players.id).onDelete('cascade'),
    clubRef('medical_note_reads_read_by_fk', t, t.read_by, users, users.id).onDelete('set null'),
    index('medical_note_reads_player_idx').on(t.player_id, t.read_at),
    index('medical_note_reads_read_at_idx').on(t.read_at),
  ],
);

/**
 * Who may collect a child after a match or training (issue 31): their parents and carers always;
 * besides them, the people a parent or carer names here in their own words (shown on the coach's
 * match-day card). One row per child, changed in place; who changed it last and when is kept.
 */
export const childCollectors = pgTable(
  'child_collectors',
  {
    club_id: clubId(),
    player_id: uuid('player_id').notNull(),
    /** "Grandma (Asha Patel) or our neighbour Tom Green": free text, '' for nobody else. */
    others: text('others').notNull().default(''),
    set_by: uuid('set_by'),
    set_by_name: text('set_by_name').notNull(),
    updated_at: updatedAt(),
  },
  (t) => [
    clubKey(t, t.player_id),
    clubRef('child_collectors_player_id_fk', t, t.player_id, players, players.id).onDelete('cascade'),
    clubRef('child_collectors_set_by_fk', t, t.set_by, users, users.id).onDelete('set null'),
  ],
);

export const dbsStatusEnum = pgEnum('dbs_status', DBS_STATUSES);

/**
 * The status of a person's Enhanced DBS check with barred list, as the club verified it (e.g. on
 * the FA Club Portal): status, expiry, who checked and when. Never the certificate's number or contents.
 */
export const dbsChecks = pgTable(
  'dbs_checks',
  {
    club_id: clubId(),
    player_id: uuid('player_id').notNull(),
    status: dbsStatusEnum('status').notNull(),
    expires_on: date('expires_on', { mode: 'string' }),
    /** Who verified the certificate (issue 31): a named person, not whoever typed the record. */
    checked_by: text('checked_by').notNull(),
    checked_on: date('checked_on', { mode: 'string' }).notNull(),
    /** Who typed the record in (issue 31); null for checks recorded before it was kept. */
    recorded_by: text('recorded_by'),
    /** When the check was last recorded: a team-staff override older than this no longer counts (ADR 048). */
    updated_at: updatedAt(),
    /**
     * An admin lifted the suspension of an expired check (issue 31): who, when and why. It lasts
     * until a check is recorded again (recording clears it) or the admin withdraws it.
     */
    override_by: text('override_by'),
    override_at: timestamp('override_at', { withTimezone: true, mode: 'date' }),
    override_reason: text('override_reason'),
  },
  (t) => [clubKey(t, t.player_id), clubRef('dbs_checks_player_id_fk', t, t.player_id, players, players.id).onDelete('cascade')],
);

/**
 * DBS notices sent (issue 31): the reminders before a check expires (`kind` is the stage id of
 * DBS_REMINDER_STAGES, server/services/juniors/dbs-notices.ts) and the notice
 * on the day it has expired, once per person, kind and expiry date (what makes the job idempotent
 * across restarts and processes; a renewed check with a new expiry date gets its own).
 */
export const dbsNotices = pgTable(
  'dbs_notices',
  {
    club_id: clubId(),
    player_id: uuid('player_id').notNull(),
    kind: text('kind').notNull(),
    expires_on: date('expires_on', { mode: 'string' }).notNull(),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [clubRef('dbs_notices_player_id_fk', t, t.player_id, players, players.id).onDelete('cascade'), clubKey(t, t.player_id, t.kind, t.expires_on)],
);

/** Notices sent once per child and kind (the 30-days-before-18 mail): what makes the job idempotent. */
export const juniorNotices = pgTable(
  'junior_notices',
  {
    club_id: clubId(),
    player_id: uuid('player_id').notNull(),
    kind: text('kind').notNull(),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [clubRef('junior_notices_player_id_fk', t, t.player_id, players, players.id).onDelete('cascade'), clubKey(t, t.player_id, t.kind)],
);
