/** The data map (issue 34): the club's retention choices and the purge log (server/db/schema/retention.ts). */
import { retentionLog, retentionRules } from '../../db/schema';
import type { MappedTable } from '../types';
import { BY_REASON, detach } from './common';

export const RETENTION_MAP: MappedTable[] = [
  {
    // A rule's period as the club set it: who changed it last is the only person in it.
    table: retentionRules,
    about: [{ user: retentionRules.updated_by_id, by: true }],
    section: 'roles_and_audit',
    personal: ['updated_by', 'updated_by_id'],
    other: ['key', 'period', 'automatic', 'updated_at'],
    mentions: ['updated_by'],
    erase: detach(BY_REASON),
  },
  {
    // A purge names nobody it purged ("3 enquiries deleted"); who approved it is someone else's row.
    table: retentionLog,
    about: [{ user: retentionLog.approved_by_id, by: true }],
    section: 'roles_and_audit',
    personal: ['approved_by', 'approved_by_id'],
    other: ['id', 'rule', 'rows', 'automatic', 'summary', 'purged_at'],
    mentions: ['approved_by'],
    erase: detach(BY_REASON),
  },
];
