import { boolean, date, index, integer, jsonb, pgEnum, pgTable, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users, type clubRoleEnum } from './accounts';
import type { teamStaffRoleEnum } from './teams';
import { clubId, clubKey, clubRef, createdAt, id, updatedAt } from './columns';
import { noticeVersion, privacyNoticeVersions } from './privacy-notice';
import { TEAM_TYPES } from '../../../shared/content-constants';
import { POSITIONS } from '../../../shared/players';

export const positionEnum = pgEnum('position', POSITIONS);
export const teamTypeEnum = pgEnum('team_type', TEAM_TYPES);

/**
 * A member's standing with the club (issue 21): a registration waits as `pending` (seen by nobody
 * but the secretary and the registrant) until approved; `left` keeps the history of someone who
 * has gone, off every current list.
 */
export const memberStatusEnum = pgEnum('member_status', ['pending', 'active', 'left']);

/** What leaving the club took from a member, kept on their record until they come back. */
export interface LeftRoles {
  team_staff: {
    team_id: string;
    role: (typeof teamStaffRoleEnum.enumValues)[number];
    dbs_override_by: string | null;
    dbs_override_at: string | null;
    dbs_override_reason: string | null;
  }[];
  club_roles: (typeof clubRoleEnum.enumValues)[number][];
  login_was_switched_off: boolean;
}

export const players = pgTable(
  'players',
  {
    club_id: clubId(),
    id: id(),
    /** Null until an account is created: "has a login" is exactly this link. */
    user_id: uuid('user_id'),
    full_name: text('full_name').notNull(),
    jersey_number: smallint('jersey_number'),
    /** Null: none chosen yet (a child approved from a parent's request, issue 31: never an invented one). */
    position: positionEnum('position').default('Midfielder'),
    nationality: text('nationality').notNull().default(''),
    /** The adult squad group; null for a child, who is listed under their junior team (issue 31). */
    team_type: teamTypeEnum('team_type').default('Senior'),
    photo_url: text('photo_url'),
    bio: text('bio'),
    date_of_birth: date('date_of_birth', { mode: 'string' }),
    height: text('height'),
    weight: text('weight'),
    /**
     * The player's choice to show date of birth, height and weight on the public profile; off by
     * default, so visitors see only the age (decision 19 in docs/architecture.md, ADR 022).
     */
    show_personal_details: boolean('show_personal_details').notNull().default(false),
    social_media: jsonb('social_media').$type<Record<string, string>>().notNull().default({}),
    // What the player keeps up to date in the portal (My Profile) or gave when registering.
    phone_number: text('phone_number'),
    address: text('address'),
    emergency_contact_name: text('emergency_contact_name'),
    emergency_contact_phone: text('emergency_contact_phone'),
    medical_notes: text('medical_notes'),
    /** A junior aged 13-17 may have a login of their own only once a guardian agreed (issue 23): who and when. */
    login_agreed_by: text('login_agreed_by'),
    login_agreed_at: timestamp('login_agreed_at', { withTimezone: true, mode: 'date' }),
    previous_club: text('previous_club'),
    position_preference: text('position_preference'),
    availability: text('availability').array().notNull().default([]),
    status: memberStatusEnum('status').notNull().default('active'),
    /** When the status last changed (approved, left, came back). */
    status_changed_at: timestamp('status_changed_at', { withTimezone: true, mode: 'date' }),
    /**
     * While the member has left (issue 30): the team-staff places and club roles leaving ended, and
     * whether their login was already switched off, so coming back restores exactly those.
     */
    left_roles: jsonb('left_roles').$type<LeftRoles>(),
    /** The privacy notice version shown on the registration form (issue 34; null: added by the club or before versions). */
    notice_version: noticeVersion(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    /** Who saved it last (a stale save is refused naming them, issue 22). */
    updated_by: text('updated_by'),
  },
  (t) => [
    clubKey(t, t.id),
    clubRef('players_user_id_fk', t, t.user_id, users, users.id).onDelete('set null'),
    clubRef('players_notice_version_fk', t, t.notice_version, privacyNoticeVersions, privacyNoticeVersions.version),
    unique('players_user_id_unique').on(t.club_id, t.user_id),
    index('players_team_idx').on(t.team_type),
    index('players_status_idx').on(t.status),
  ],
);

export const playerStats = pgTable(
  'player_stats',
  {
    club_id: clubId(),
    player_id: uuid('player_id').notNull(),
    /** Percentage; null means "not recorded" and the portal shows the default of 95. */
    training_attendance: integer('training_attendance'),
    matches_played: integer('matches_played').notNull().default(0),
    matches_started: integer('matches_started').notNull().default(0),
    goals: integer('goals').notNull().default(0),
    assists: integer('assists').notNull().default(0),
    minutes_played: integer('minutes_played').notNull().default(0),
    yellow_cards: integer('yellow_cards').notNull().default(0),
    red_cards: integer('red_cards').notNull().default(0),
    updated_at: updatedAt(),
  },
  (t) => [clubKey(t, t.player_id), clubRef('player_stats_player_id_fk', t, t.player_id, players, players.id).onDelete('cascade')],
);
