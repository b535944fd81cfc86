/** The data map (issue 34): who downloaded a request's data, or the whole club file (issue 36), and when (server/db/schema/privacy-downloads.ts). */
import { clubFileDownloads, privacyRequestDownloads } from '../../db/schema';
import type { MappedTable } from '../types';
import { BY_REASON, detach } from './common';

export const PRIVACY_DOWNLOADS_MAP: MappedTable[] = [
  {
    // The request's history: the lead who downloaded is "who did it"; the row is the club's record.
    table: privacyRequestDownloads,
    about: [{ user: privacyRequestDownloads.downloaded_by, by: true }],
    section: 'roles_and_audit',
    personal: ['downloaded_by', 'downloaded_by_name'],
    other: ['id', 'request_id', 'row_count', 'created_at'],
    mentions: ['downloaded_by_name'],
    erase: detach(BY_REASON),
  },
  {
    // The club file's downloads (issue 36): the admin who downloaded is "who did it"; the row is the club's record.
    table: clubFileDownloads,
    about: [{ user: clubFileDownloads.downloaded_by, by: true }],
    section: 'roles_and_audit',
    personal: ['downloaded_by', 'downloaded_by_name'],
    other: ['id', 'bytes', 'created_at'],
    mentions: ['downloaded_by_name'],
    erase: detach(BY_REASON),
  },
];
