import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clubId, clubKey } from './columns';

/**
 * The privacy notice as published, one row per save (issue 34, point 6): version 1 is the text in
 * force when versions began (the club's page or the default), and each save of the privacy page adds
 * the next. Forms store the version the person was shown beside what they gave (`notice_version`
 * on consents, players, join-us enquiries, orders, "I am a parent" requests and accepted
 * invitations), so the club can show the words someone agreed to. Never updated or deleted.
 */
export const privacyNoticeVersions = pgTable(
  'privacy_notice_versions',
  {
    club_id: clubId(),
    version: integer('version').notNull(),
    markdown: text('markdown').notNull(),
    html: text('html').notNull(),
    published_at: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [clubKey(t, t.version)],
);

/** The column each form's row carries: the notice version shown (null: given before versions were kept). */
export const noticeVersion = () => integer('notice_version');
