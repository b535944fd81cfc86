import { boolean, date, index, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { clubId, clubKey, clubRef, createdAt, id, updatedAt } from './columns';
import { players } from './squad';
import { PRIVACY_REQUEST_STATUSES, PRIVACY_REQUEST_TYPES, REQUESTER_RELATIONSHIPS } from '../../../shared/privacy';

/**
 * Personal-data requests (issue 34, UK GDPR Articles 15-18): what was asked, about whom, by whom,
 * when it came in and when it must be answered (the ICO's one calendar month, shared/privacy-dates.ts).
 */
export const privacyRequestTypeEnum = pgEnum('privacy_request_type', PRIVACY_REQUEST_TYPES);
export const privacyRequestStatusEnum = pgEnum('privacy_request_status', PRIVACY_REQUEST_STATUSES);
export const requesterRelationshipEnum = pgEnum('requester_relationship', REQUESTER_RELATIONSHIPS);

export const privacyRequests = pgTable(
  'privacy_requests',
  {
    club_id: clubId(),
    id: id(),
    type: privacyRequestTypeEnum('type').notNull(),
    /** Who the request is about: a member or child (player record) … */
    player_id: uuid('player_id'),
    /** … or a login without a player record (a parent). At least one of the two while open. */
    user_id: uuid('user_id'),
    /** The subject's name as recorded when the request came in (replaced by a pseudonym once erased). */
    /** A parent's request about themselves that covers the children they hold parental responsibility for (one family, one step). */
    include_children: boolean('include_children').notNull().default(false),
    subject_name: text('subject_name').notNull(),
    requested_by_name: text('requested_by_name').notNull(),
    relationship: requesterRelationshipEnum('relationship').notNull(),
    received_on: date('received_on', { mode: 'string' }).notNull(),
    identity_checked_on: date('identity_checked_on', { mode: 'string' }),
    due_on: date('due_on', { mode: 'string' }).notNull(),
    /** An extension (up to two further months) needs its reason and the day the person was told. */
    extended_to: date('extended_to', { mode: 'string' }),
    extension_reason: text('extension_reason'),
    extension_notified_on: date('extension_notified_on', { mode: 'string' }),
    status: privacyRequestStatusEnum('status').notNull().default('open'),
    /** What was done, in the lead's words (shown in the request's history). */
    outcome: text('outcome'),
    completed_on: date('completed_on', { mode: 'string' }),
    recorded_by: uuid('recorded_by'),
    recorded_by_name: text('recorded_by_name').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    /** Who last changed it (named as they were then): a save that sends an old version is refused naming them (409). */
    updated_by: text('updated_by'),
  },
  (t) => [
    clubKey(t, t.id),
    clubRef('privacy_requests_player_id_fk', t, t.player_id, players, players.id).onDelete('set null'),
    clubRef('privacy_requests_user_id_fk', t, t.user_id, users, users.id).onDelete('set null'),
    clubRef('privacy_requests_recorded_by_fk', t, t.recorded_by, users, users.id).onDelete('set null'),
    index('privacy_requests_due_idx').on(t.status, t.due_on),
  ],
);
