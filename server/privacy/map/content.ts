/** The data map (issue 34): news, sponsors, Join Us enquiries and the club's pages (server/db/schema/content.ts). */
import { clubPages, joinUsSubmissions, news, sponsors } from '../../db/schema';
import type { MappedTable } from '../types';
import { DELETE } from './common';

export const CONTENT_MAP: MappedTable[] = [
  {
    // The club's articles: nobody's data, but a report may name a player.
    table: news,
    about: [],
    section: null,
    personal: [],
    other: ['id', 'title', 'summary', 'content', 'image_url', 'is_published', 'created_at', 'updated_at'],
    mentions: ['title', 'summary', 'content'],
  },
  {
    table: sponsors,
    about: [],
    section: null,
    personal: [],
    other: ['id', 'name', 'tier', 'logo_url', 'website_url', 'category', 'description', 'created_at'],
  },
  {
    // An enquiry is known by the address it came from (the person may have no login).
    table: joinUsSubmissions,
    about: [{ email: joinUsSubmissions.email }],
    section: 'enquiries',
    personal: ['full_name', 'email', 'phone_number', 'message'],
    other: ['id', 'interest_types', 'created_at'],
    mentions: ['message'],
    erase: DELETE,
  },
  {
    table: clubPages,
    about: [],
    section: null,
    personal: ['updated_by'],
    other: ['slug', 'markdown', 'html', 'updated_at'],
    mentions: ['updated_by'],
  },
];
