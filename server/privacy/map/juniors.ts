/** The data map (issue 34): guardians, consents, medical-note reads, collectors and DBS checks (server/db/schema/juniors.ts). */
import {
  childCollectors,
  consents,
  dbsChecks,
  dbsNotices,
  guardianInvitations,
  guardianRequests,
  guardians,
  juniorNotices,
  medicalNoteReads,
} from '../../db/schema';
import type { MappedTable } from '../types';
import { DELETE } from './common';

export const JUNIORS_MAP: MappedTable[] = [
  {
    // About both: the guardian (user_id) and the child (player_id); either's erasure ends the link.
    table: guardians,
    about: [{ user: guardians.user_id }, { player: guardians.player_id }],
    section: 'guardianships',
    personal: ['user_id', 'player_id', 'relationship', 'approved_by'],
    other: ['level', 'created_at'],
    mentions: ['approved_by'],
    erase: DELETE,
  },
  {
    table: guardianInvitations,
    about: [{ player: guardianInvitations.player_id }, { email: guardianInvitations.email }],
    section: 'guardianships',
    personal: ['player_id', 'email', 'relationship', 'invited_by', 'token_hash'],
    other: ['level', 'expires_at', 'used_at', 'created_at'],
    mentions: ['invited_by'],
    redact: ['token_hash'],
    erase: DELETE,
  },
  {
    // "I am a parent": the asker's, and the child's once linked; child_name names the child before.
    table: guardianRequests,
    about: [{ user: guardianRequests.user_id }, { player: guardianRequests.player_id }],
    section: 'guardianships',
    personal: ['user_id', 'child_name', 'child_date_of_birth', 'relationship', 'message', 'player_id', 'decided_by', 'reason'],
    other: ['id', 'team_id', 'status', 'decided_at', 'created_at'],
    mentions: ['child_name', 'message', 'decided_by', 'reason'],
    erase: DELETE,
  },
  {
    table: consents,
    about: [{ player: consents.player_id }, { user: consents.given_by, by: true }],
    section: 'consents',
    personal: ['player_id', 'given_by', 'given_by_name'],
    other: ['id', 'season', 'kind', 'given', 'text_version', 'created_at'],
    mentions: ['given_by_name'],
    erase: DELETE,
  },
  {
    // A read of the child's medical notes goes with the notes; the reader's own erasure detaches them.
    table: medicalNoteReads,
    about: [{ player: medicalNoteReads.player_id }, { user: medicalNoteReads.read_by, by: true }],
    section: 'roles_and_audit',
    personal: ['player_id', 'read_by', 'read_by_name'],
    other: ['id', 'read_at', 'via'],
    mentions: ['read_by_name'],
    erase: DELETE,
  },
  {
    // `others` names other people in the family's own words: it is the child's record, so it goes.
    table: childCollectors,
    about: [{ player: childCollectors.player_id }, { user: childCollectors.set_by, by: true }],
    section: 'guardianships',
    personal: ['player_id', 'others', 'set_by', 'set_by_name'],
    other: ['updated_at'],
    mentions: ['set_by_name'],
    erase: DELETE,
  },
  {
    table: dbsChecks,
    about: [{ player: dbsChecks.player_id }],
    section: 'roles_and_audit',
    personal: ['player_id', 'status', 'expires_on', 'checked_by', 'checked_on', 'recorded_by', 'override_by', 'override_at', 'override_reason'],
    other: ['updated_at'],
    mentions: ['checked_by', 'recorded_by', 'override_by', 'override_reason'],
    erase: DELETE,
  },
  {
    table: dbsNotices,
    about: [{ player: dbsNotices.player_id }],
    section: 'mails',
    personal: ['player_id'],
    other: ['kind', 'expires_on', 'sent_at'],
    erase: DELETE,
  },
  {
    table: juniorNotices,
    about: [{ player: juniorNotices.player_id }],
    section: 'mails',
    personal: ['player_id'],
    other: ['kind', 'sent_at'],
    erase: DELETE,
  },
];
