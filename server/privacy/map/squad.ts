/** The data map (issue 34): the player record and its stats (server/db/schema/squad.ts). */
import { players, playerStats } from '../../db/schema';
import type { MappedTable } from '../types';
import { DELETE } from './common';

export const SQUAD_MAP: MappedTable[] = [
  {
    // The member's or child's own record. Their photo is `photo_url`, "/uploads/<stored_name>":
    // the upload with that stored name is theirs and goes with the record.
    table: players,
    about: [{ player: players.id }, { user: players.user_id }],
    section: 'profile',
    personal: [
      'id',
      'user_id',
      'full_name',
      'jersey_number',
      'position',
      'nationality',
      'photo_url',
      'bio',
      'date_of_birth',
      'height',
      'weight',
      'social_media',
      'phone_number',
      'address',
      'emergency_contact_name',
      'emergency_contact_phone',
      'medical_notes',
      'login_agreed_by',
      'login_agreed_at',
      'previous_club',
      'position_preference',
      'availability',
      'left_roles',
      'updated_by',
    ],
    other: ['team_type', 'show_personal_details', 'status', 'status_changed_at', 'created_at', 'updated_at'],
    // Who agreed to the junior's login (a guardian), who saved it last, DBS overriders in left_roles.
    mentions: ['login_agreed_by', 'updated_by', 'left_roles'],
    redact: ['updated_by'],
    erase: DELETE,
  },
  {
    table: playerStats,
    about: [{ player: playerStats.player_id }],
    section: 'stats',
    personal: ['player_id'],
    other: ['training_attendance', 'matches_played', 'matches_started', 'goals', 'assists', 'minutes_played', 'yellow_cards', 'red_cards', 'updated_at'],
    erase: DELETE,
  },
];
