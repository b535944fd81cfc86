import { integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { ORDER_QUANTITY_CAP_DEFAULT, PENDING_ORDER_DAYS_DEFAULT } from '../../../shared/shop-constants';
import { clubId, createdAt } from './columns';

/** One row (id 1) per club: the club's contact details, editable in admin Settings. */
export const settings = pgTable('settings', {
  /** One row per club (ADR 065): the club is the key; id stays 1. */
  club_id: clubId().primaryKey(),
  id: smallint('id').notNull().default(1),
  whatsapp_number: text('whatsapp_number').notNull().default(''),
  club_email: text('club_email').notNull().default(''),
  sales_email: text('sales_email').notNull().default(''),
  club_address: text('club_address').notNull().default(''),
  /** The home page's hero photo; blank: the placeholder artwork shipped in public/images. */
  hero_image_url: text('hero_image_url').notNull().default(''),
  /** How parents reach the welfare officer (issue 23): on every public page's footer with their name. */
  welfare_email: text('welfare_email').notNull().default(''),
  /** The club's bank account (issue 24): shown with each payer's reference so members pay by transfer. */
  account_name: text('account_name').notNull().default(''),
  /** Six digits, no dashes. */
  sort_code: text('sort_code').notNull().default(''),
  /** Eight digits. */
  account_number: text('account_number').notNull().default(''),
  /** The most of one product a single order may take (issue 30): one buyer cannot empty the shop. */
  order_quantity_cap: integer('order_quantity_cap').notNull().default(ORDER_QUANTITY_CAP_DEFAULT),
  /** Days a pending order keeps its stock before it is cancelled and the stock released (issue 30). */
  pending_order_days: integer('pending_order_days').notNull().default(PENDING_ORDER_DAYS_DEFAULT),
  // The club's identity (issue 33, ADR 058): blank club_name means never
  // named, and the sample club's identity shows (shared/club.ts SAMPLE_CLUB).
  club_name: text('club_name').notNull().default(''),
  short_name: text('short_name').notNull().default(''),
  strapline: text('strapline').notNull().default(''),
  /** #rrggbb; white text reads on it (4.5:1). */
  primary_colour: text('primary_colour').notNull().default('#14532d'),
  /** #rrggbb; reads as text on the primary colour (4.5:1). */
  secondary_colour: text('secondary_colour').notNull().default('#facc15'),
  /** An upload (/uploads/…); blank: the drawn shield. */
  crest_url: text('crest_url').notNull().default(''),
  home_headline: text('home_headline').notNull().default(''),
  mail_sender_name: text('mail_sender_name').notNull().default(''),
  facebook_url: text('facebook_url').notNull().default(''),
  instagram_url: text('instagram_url').notNull().default(''),
  x_url: text('x_url').notNull().default(''),
  youtube_url: text('youtube_url').notNull().default(''),
  tiktok_url: text('tiktok_url').notNull().default(''),
  founded_year: integer('founded_year'),
  /** The home ground's name; its address is club_address. */
  ground_name: text('ground_name').notNull().default(''),
  ground_map_url: text('ground_map_url').notNull().default(''),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** One row (id 1) once /initialize has run: initialization happens once. */
export const databaseInitialization = pgTable('database_initialization', {
  /** One row per club (ADR 065): the club is the key; id stays 1. */
  club_id: clubId().primaryKey(),
  id: smallint('id').notNull().default(1),
  initialized_at: createdAt(),
  admin_username: text('admin_username').notNull(),
});

/**
 * One row (id 1) while the club is not set up and no ADMIN_PASSWORD is configured: the code
 * /initialize asks for, printed in the server log at every start until it is used (ADR 029). Kept
 * here, so a restart and every app process on the database print the same one; initialization
 * deletes it.
 */
export const setupCode = pgTable('setup_code', {
  /** One row per club (ADR 065): the club is the key; id stays 1. */
  club_id: clubId().primaryKey(),
  id: smallint('id').notNull().default(1),
  code: text('code').notNull(),
  created_at: createdAt(),
});

/** Bumped on every write that changes what anonymous visitors see; caches compare it. */
export const contentVersion = pgTable('content_version', {
  /** One row per club (ADR 065): the club is the key; id stays 1. */
  club_id: clubId().primaryKey(),
  id: smallint('id').notNull().default(1),
  version: integer('version').notNull().default(0),
});
