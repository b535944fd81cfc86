import { boolean, index, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { SPONSOR_TIERS } from '../../../shared/content-constants';
import { clubId, clubKey, clubRef, createdAt, id, updatedAt } from './columns';
import { noticeVersion, privacyNoticeVersions } from './privacy-notice';

export const news = pgTable(
  'news',
  {
    club_id: clubId(),
    id: id(),
    title: text('title').notNull(),
    summary: text('summary'),
    content: text('content').notNull(),
    image_url: text('image_url'),
    is_published: boolean('is_published').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [clubKey(t, t.id), index('news_published_created_idx').on(t.is_published, t.created_at)],
);

/** Main sponsor (featured first and larger), partner, or supporter (ADR 022). */
export const sponsorTierEnum = pgEnum('sponsor_tier', SPONSOR_TIERS);

export const sponsors = pgTable(
  'sponsors',
  {
    club_id: clubId(),
    id: id(),
    name: text('name').notNull(),
    tier: sponsorTierEnum('tier').notNull().default('partner'),
    logo_url: text('logo_url').notNull(),
    website_url: text('website_url'),
    category: text('category').notNull(),
    description: text('description'),
    created_at: createdAt(),
  },
  (t) => [clubKey(t, t.id)],
);

export const joinUsSubmissions = pgTable(
  'join_us_submissions',
  {
    club_id: clubId(),
    id: id(),
    full_name: text('full_name').notNull(),
    email: text('email').notNull(),
    phone_number: text('phone_number').notNull(),
    message: text('message').notNull(),
    interest_types: text('interest_types').array().notNull(),
    /** The privacy notice version the enquirer was shown (issue 34). */
    notice_version: noticeVersion(),
    created_at: createdAt(),
  },
  (t) => [
    clubKey(t, t.id),
    clubRef('join_us_submissions_notice_version_fk', t, t.notice_version, privacyNoticeVersions, privacyNoticeVersions.version),
    index('join_us_created_idx').on(t.created_at),
  ],
);

/**
 * The pages the club writes (issue 33): About, the home page's welcome and the privacy notice, one
 * row per page. `markdown` is what the admin typed; `html` is it rendered and sanitised on the
 * server when saved (server/services/club-pages/render.ts), so pages serve it as it is.
 */
export const clubPages = pgTable(
  'club_pages',
  {
    club_id: clubId(),
    slug: text('slug').notNull(),
    markdown: text('markdown').notNull(),
    html: text('html').notNull(),
    updated_by: text('updated_by'),
    updated_at: updatedAt(),
  },
  (t) => [clubKey(t, t.slug)],
);
