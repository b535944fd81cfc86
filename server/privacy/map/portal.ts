/** The data map (issue 34): the players' portal: feedback, documents, messages, notifications, uploads (server/db/schema/portal.ts). */
import { documents, feedback, messageReads, messages, notifications, uploadContents, uploads } from '../../db/schema';
import type { MappedTable } from '../types';
import { DELETE } from './common';

export const PORTAL_MAP: MappedTable[] = [
  {
    // The coach's words are about the player: the row goes with the player (the coach is named only).
    table: feedback,
    about: [{ player: feedback.player_id }],
    section: 'coach_feedback',
    personal: ['player_id', 'coach_name', 'feedback', 'rating'],
    other: ['id', 'category', 'date', 'created_at'],
    mentions: ['coach_name', 'feedback'],
    erase: DELETE,
  },
  {
    // A document for one player (player_id set) goes with them, and so does its stored file:
    // `upload_id` is the upload, which the erasure deletes too. Club-wide documents have no player.
    table: documents,
    about: [{ player: documents.player_id }],
    section: 'documents',
    personal: ['player_id', 'title', 'description', 'file_name'],
    other: ['id', 'url', 'content_type', 'size_bytes', 'upload_id', 'created_at'],
    mentions: ['title', 'description'],
    erase: DELETE,
  },
  {
    // A message to one player goes with them; a message to everyone stays (its sender is `by`).
    table: messages,
    about: [{ player: messages.player_id }, { user: messages.sender_user_id, by: true }],
    section: 'messages',
    personal: ['player_id', 'sender_user_id', 'sender_name', 'subject', 'body'],
    other: ['id', 'created_at'],
    mentions: ['subject', 'body', 'sender_name'],
    redact: ['sender_user_id'],
    erase: DELETE,
  },
  {
    table: messageReads,
    about: [{ user: messageReads.user_id }],
    section: 'messages',
    personal: ['user_id'],
    other: ['message_id', 'created_at'],
    erase: DELETE,
  },
  {
    table: notifications,
    about: [{ user: notifications.user_id }],
    section: 'messages',
    personal: ['user_id', 'title', 'body'],
    other: ['id', 'kind', 'link', 'read_at', 'created_at'],
    mentions: ['title', 'body'],
    erase: DELETE,
  },
  {
    /*
     * Uploaded files name nobody by column; an upload is a person's when players.photo_url is
     * "/uploads/<stored_name>" (their photo) or documents.upload_id is it (a document for one
     * player). The erasure deletes those uploads (and so their bytes) with the rows that use them.
     */
    table: uploads,
    about: [],
    section: null,
    personal: ['original_name'],
    other: ['id', 'stored_name', 'content_type', 'size_bytes', 'created_at'],
    mentions: ['original_name'],
  },
  {
    // The bytes of an upload (see uploads): removed with it (on delete cascade).
    table: uploadContents,
    about: [],
    section: null,
    personal: ['bytes'],
    other: ['upload_id'],
  },
];
