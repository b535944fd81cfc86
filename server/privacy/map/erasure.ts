/** The data map (issue 34): the erasures carried out and the suppressed addresses (server/db/schema/erasure.ts). */
import { emailSuppressions, erasures } from '../../db/schema';
import type { MappedTable } from '../types';
import { BY_REASON, detach } from './common';

export const ERASURE_MAP: MappedTable[] = [
  {
    // An erasure names nobody it erased (only the pseudonym); who carried it out is someone else's row.
    table: erasures,
    about: [{ user: erasures.erased_by, by: true }],
    section: 'roles_and_audit',
    personal: ['erased_by', 'erased_by_name'],
    other: ['id', 'pseudonym', 'request_id', 'erased_at', 'counts', 'kept_until', 'uploads_removed', 'created_at'],
    mentions: ['erased_by_name'],
    erase: detach(BY_REASON),
  },
  {
    // Only a SHA-256 of an erased address: it names nobody, and registering again clears it.
    table: emailSuppressions,
    about: [],
    section: null,
    personal: ['email_sha256'],
    other: ['erased_at'],
  },
];
