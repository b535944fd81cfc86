import { customType, date, index, integer, pgEnum, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, id } from './columns';
import { players } from './squad';
import { FEEDBACK_CATEGORIES } from '../../../shared/players';

export const feedbackCategoryEnum = pgEnum('feedback_category', FEEDBACK_CATEGORIES);

export const feedback = pgTable(
  'feedback',
  {
    id: id(),
    player_id: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    coach_name: text('coach_name').notNull(),
    category: feedbackCategoryEnum('category').notNull().default('General'),
    feedback: text('feedback').notNull(),
    /** 1 to 5 stars, or null for a note without a rating. */
    rating: smallint('rating'),
    date: date('date', { mode: 'string' }).notNull(),
    created_at: createdAt(),
  },
  (t) => [index('feedback_player_idx').on(t.player_id, t.date)],
);

/** A club document: an uploaded file or a link, for every player (player_id null) or one. */
export const documents = pgTable('documents', {
  id: id(),
  title: text('title').notNull(),
  description: text('description'),
  url: text('url').notNull(),
  file_name: text('file_name'),
  content_type: text('content_type'),
  size_bytes: integer('size_bytes'),
  player_id: uuid('player_id').references(() => players.id, { onDelete: 'cascade' }),
  /** The stored file of an uploaded document (null for a link). */
  upload_id: uuid('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
  created_at: createdAt(),
});

/** A message from the club, to every player (player_id null) or one. */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    player_id: uuid('player_id').references(() => players.id, { onDelete: 'cascade' }),
    sender_user_id: uuid('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    sender_name: text('sender_name').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('messages_player_idx').on(t.player_id, t.created_at)],
);

export const messageReads = pgTable(
  'message_reads',
  {
    message_id: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    read_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.message_id, t.user_id] })],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    read_at: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    created_at: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.user_id, t.created_at)],
);

/**
 * Files an admin uploaded (images, documents): what they are. Their bytes are in upload_contents,
 * so listing or joining uploads never reads them.
 */
export const uploads = pgTable('uploads', {
  id: id(),
  stored_name: text('stored_name').notNull().unique(),
  original_name: text('original_name').notNull(),
  content_type: text('content_type').notNull(),
  size_bytes: integer('size_bytes').notNull(),
  created_at: createdAt(),
});

/** PostgreSQL's binary type; node-postgres reads and writes it as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The bytes of an upload (docs/decisions/013-uploads-in-the-database.md): in the database, so every
 * app process on it serves them and a backup holds them. Removed with their upload.
 */
export const uploadContents = pgTable('upload_contents', {
  upload_id: uuid('upload_id')
    .primaryKey()
    .references(() => uploads.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
});
