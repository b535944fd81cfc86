/** The data map (issue 34): the club's settings, setup and requests about personal data (server/db/schema/club.ts, privacy.ts). */
import { clubDomains, clubs, contentVersion, operators, operatorSessions, databaseInitialization, privacyNoticeVersions, privacyRequests, settings, setupCode } from '../../db/schema';
import type { MappedTable } from '../types';
import { detach } from './common';

export const CLUB_MAP: MappedTable[] = [
  // The install's clubs (issue 36, ADR 065): a club's name and address, nobody's personal data.
  { table: clubs, about: [], section: null, personal: [], other: ['id', 'slug', 'name', 'status', 'created_at', 'suspended_at', 'exported_at'] },
  // The host's operator (issue 36): the install's one login from OPERATOR_USERNAME, no club's member.
  { table: operators, about: [], section: null, personal: [], other: ['id', 'username', 'password_hash', 'created_at', 'updated_at'] },
  { table: operatorSessions, about: [], section: null, personal: [], other: ['token_hash', 'operator_id', 'expires_at', 'created_at'] },
  // A club's own web addresses (issue 36): the club's domain and its DNS code, nobody's personal data.
  { table: clubDomains, about: [], section: null, personal: [], other: ['domain', 'verification_token', 'created_at', 'verified_at'] },
  {
    // The club's own contact details and identity, not a member's.
    table: settings,
    about: [],
    section: null,
    personal: [],
    other: [
      'id',
      'whatsapp_number',
      'club_email',
      'sales_email',
      'club_address',
      'hero_image_url',
      'welfare_email',
      'account_name',
      'sort_code',
      'account_number',
      'order_quantity_cap',
      'pending_order_days',
      'club_name',
      'short_name',
      'strapline',
      'primary_colour',
      'secondary_colour',
      'crest_url',
      'home_headline',
      'mail_sender_name',
      'facebook_url',
      'instagram_url',
      'x_url',
      'youtube_url',
      'tiktok_url',
      'founded_year',
      'ground_name',
      'ground_map_url',
      'updated_at',
    ],
  },
  {
    table: databaseInitialization,
    about: [],
    section: null,
    personal: ['admin_username'],
    other: ['id', 'created_at'],
  },
  { table: setupCode, about: [], section: null, personal: [], other: ['id', 'code', 'created_at'] },
  { table: contentVersion, about: [], section: null, personal: [], other: ['id', 'version'] },
  {
    // The request is the club's proof it answered (UK GDPR Article 5(2)): kept, the subject's
    // link null and their name the pseudonym once erased.
    table: privacyRequests,
    about: [{ player: privacyRequests.player_id }, { user: privacyRequests.user_id }, { user: privacyRequests.recorded_by, by: true }],
    section: 'roles_and_audit',
    personal: ['player_id', 'user_id', 'subject_name', 'requested_by_name', 'recorded_by', 'recorded_by_name', 'updated_by'],
    other: [
      'id',
      'type',
      'include_children',
      'relationship',
      'received_on',
      'identity_checked_on',
      'due_on',
      'extended_to',
      'extension_reason',
      'extension_notified_on',
      'status',
      'outcome',
      'completed_on',
      'created_at',
      'updated_at',
    ],
    mentions: ['subject_name', 'requested_by_name', 'recorded_by_name', 'updated_by', 'outcome'],
    redact: ['recorded_by'],
    erase: detach('The record of the request is kept to show it was answered; the name becomes the pseudonym'),
  },
  {
    // Each published text of the club's privacy notice; forms store the version someone saw (an integer), never who saw it.
    table: privacyNoticeVersions,
    about: [],
    section: null,
    personal: [],
    other: ['version', 'markdown', 'html', 'published_at'],
  },
];
