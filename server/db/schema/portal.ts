import { customType, date, index, integer, pgEnum, pgTable, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { clubId, clubKey, clubRef, createdAt, id } from './columns';
import { players } from './squad';
import { FEEDBACK_CATEGORIES } from '../../../shared/players';

export const feedbackCategoryEnum = pgEnum('feedback_category', FEEDBACK_CATEGORIES);

export const feedback = pgTable(
  'feedback',
  {
    club_id: clubId(),
    id: id(),
    player_id: uuid('player_id').notNull(),
    coach_name: text('coach_name').notNull(),
    category: feedbackCategoryEnum('category').notNull().default('General'),
    feedback: text('feedback').notNull(),
    /** 1 to 5 stars, or null for a note without a rating. */
    rating: smallint('rating'),
    date: date('date', { mode: 'string' }).notNull(),
    created_at: createdAt(),
  },
  (t) => [
    clubKey(t, t.id),
    clubRef('feedback_player_id_fk', t, t.player_id, players, players.id).onDelete('cascade'),
    index('feedback_player_idx').on(t.player_id, t.date),
  ],
);

/** A club document: an uploaded file or a link, for every player (player_id null) or one. */
export const documents = pgTable(
  'documents',
  {
    club_id: clubId(),
    id: id(),
    title: text('title').notNull(),
    description: text('description'),
    url: text('url').notNull(),
    file_name: text('file_name'),
    content_type: text('content_type'),
    size_bytes: integer('size_bytes'),
    player_id: uuid('player_id'),
    /** The stored file of an uploaded document (null for a link). */
    upload_id: uuid('upload_id'),
    created_at: createdAt(),
  },
  (t) => [
    clubKey(t, t.id),
    clubRef('documents_player_id_fk', t, t.player_id, players, players.id).onDelete('cascade'),
    clubRef('documents_upload_id_fk', t, t.upload_id, uploads, uploads.id).onDelete('set null'),
  ],
);

/** A message from the club, to every player (player_id null) or one. */
export const messages = pgTable(
  'messages',
  {
    club_id: clubId(),
    id: id(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    player_id: uuid('player_id'),
    sender_user_id: uuid('sender_user_id'),
    sender_name: text('sender_name').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    clubKey(t, t.id),
    clubRef('messages_player_id_fk', t, t.player_id, players, players.id).onDelete('cascade'),
    clubRef('messages_sender_user_id_fk', t, t.sender_user_id, users, users.id).onDelete('set null'),
    index('messages_player_idx').on(t.player_id, t.created_at),
  ],
);

export const messageReads = pgTable(
  'message_reads',
  {
    club_id: clubId(),
    message_id: uuid('message_id').notNull(),
    user_id: uuid('user_id').notNull(),
    read_at: createdAt(),
  },
  (t) => [
    clubRef('message_reads_message_id_fk', t, t.message_id, messages, messages.id).onDelete('cascade'),
    clubRef('message_reads_user_id_fk', t, t.user_id, users, users.id).onDelete('cascade'),
    clubKey(t, t.message_id, t.user_id),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    club_id: clubId(),
    id: id(),
    user_id: uuid('user_id').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    read_at: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    created_at: createdAt(),
  },
  (t) => [
    clubKey(t, t.id),
    clubRef('notifications_user_id_fk', t, t.user_id, users, users.id).onDelete('cascade'),
    index('notifications_user_idx').on(t.user_id, t.created_at),
  ],
);

/**
 * Files an admin uploaded (images, documents): what they are. Their bytes are in upload_contents,
 * so listing or joining uploads never reads them.
 */
export const uploads = pgTable(
  'uploads',
  {
    club_id: clubId(),
    id: id(),
    stored_name: text('stored_name').notNull(),
    original_name: text('original_name').notNull(),
    content_type: text('content_type').notNull(),
    size_bytes: integer('size_bytes').notNull(),
    created_at: createdAt(),
  },
  (t) => [clubKey(t, t.id), unique('uploads_stored_name_unique').on(t.club_id, t.stored_name)],
);

/** PostgreSQL's binary type; node-postgres reads and writes it as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The bytes of an upload (docs/decisions/013-uploads-in-the-database.md): in the database, so every
 * app process on it serves them and a backup holds them. Removed with their upload.
 */
export const uploadContents = pgTable(
  'upload_contents',
  {
    club_id: clubId(),
    upload_id: uuid('upload_id').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [clubKey(t, t.upload_id), clubRef('upload_contents_upload_id_fk', t, t.upload_id, uploads, uploads.id).onDelete('cascade')],
);
