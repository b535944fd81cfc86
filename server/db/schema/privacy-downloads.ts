import { bigint, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { clubId, clubKey, clubRef, createdAt, id } from './columns';
import { privacyRequests } from './privacy';

/**
 * Each time a request's access download was made (issue 34): who downloaded it and when, shown in
 * the request's history, so the club can say what it sent and when.
 */
export const privacyRequestDownloads = pgTable(
  'privacy_request_downloads',
  {
    club_id: clubId(),
    id: id(),
    request_id: uuid('request_id').notNull(),
    downloaded_by: uuid('downloaded_by'),
    /** The lead's name as it was then (kept when their login goes). */
    downloaded_by_name: text('downloaded_by_name').notNull(),
    /** How many rows the download held, across its sections. */
    row_count: integer('row_count').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    clubKey(t, t.id),
    clubRef('privacy_request_downloads_request_id_fk', t, t.request_id, privacyRequests, privacyRequests.id).onDelete('cascade'),
    clubRef('privacy_request_downloads_downloaded_by_fk', t, t.downloaded_by, users, users.id).onDelete('set null'),
    index('privacy_request_downloads_request_idx').on(t.request_id, t.created_at),
  ],
);

/**
 * Each download of the whole club file (issue 36, "Take your club and leave"): who and when, shown
 * to the club's admins beside the button, since the file holds everyone's personal data.
 */
export const clubFileDownloads = pgTable(
  'club_file_downloads',
  {
    club_id: clubId(),
    id: id(),
    downloaded_by: uuid('downloaded_by'),
    /** The admin's name as it was then (kept when their login goes). */
    downloaded_by_name: text('downloaded_by_name').notNull(),
    /** The file's size in bytes. */
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    created_at: createdAt(),
  },
  (t) => [
    clubKey(t, t.id),
    clubRef('club_file_downloads_downloaded_by_fk', t, t.downloaded_by, users, users.id).onDelete('set null'),
    index('club_file_downloads_created_idx').on(t.created_at),
  ],
);
