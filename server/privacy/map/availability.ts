/** The data map (issue 34): availability answers, squads and announced changes (server/db/schema/availability.ts). */
import { availability, availabilityReminders, eventChanges, fixtureSelections, selectionPublications, selectionVersions } from '../../db/schema';
import type { MappedTable } from '../types';
import { BY_REASON, DELETE, detach } from './common';

export const AVAILABILITY_MAP: MappedTable[] = [
  {
    table: availability,
    about: [{ player: availability.player_id }, { user: availability.answered_by, by: true }],
    section: 'availability',
    personal: ['player_id', 'status', 'note', 'answered_by'],
    other: ['id', 'fixture_id', 'session_id', 'on_behalf', 'needs_recheck', 'created_at', 'updated_at'],
    redact: ['answered_by'],
    erase: DELETE,
  },
  {
    // Only who pressed "remind" names someone: the fixture's row stays.
    table: availabilityReminders,
    about: [{ user: availabilityReminders.sent_by, by: true }],
    section: 'availability',
    personal: ['sent_by'],
    other: ['fixture_id', 'last_sent_at'],
    erase: detach(BY_REASON),
  },
  {
    table: fixtureSelections,
    about: [{ player: fixtureSelections.player_id }],
    section: 'selections',
    personal: ['player_id'],
    other: ['fixture_id', 'role', 'shirt_number', 'confirmed', 'reconfirm', 'captain', 'responded_at', 'created_at'],
    erase: DELETE,
  },
  {
    // The published squad lists everyone's ids: the subject's export keeps the row without the list,
    // and erasure takes their id out of it (the publication itself is the team's).
    table: selectionPublications,
    about: [{ playerInArray: selectionPublications.published_player_ids }, { user: selectionPublications.published_by, by: true }],
    section: 'selections',
    personal: ['published_player_ids', 'published_by'],
    other: ['fixture_id', 'published_at'],
    redact: ['published_player_ids', 'published_by'],
    erase: detach('The publication is the team’s; the player’s id is taken out of its list'),
  },
  {
    table: selectionVersions,
    about: [{ user: selectionVersions.saved_by, by: true }],
    section: 'selections',
    personal: ['saved_by', 'saved_by_name'],
    other: ['fixture_id', 'version', 'saved_at'],
    mentions: ['saved_by_name'],
    erase: detach(BY_REASON),
  },
  {
    table: eventChanges,
    about: [{ playerInArray: eventChanges.selected_player_ids }],
    section: 'selections',
    personal: ['selected_player_ids', 'changed_by_name'],
    other: ['id', 'kind', 'event_id', 'before', 'after', 'due_at', 'sent_at', 'created_at'],
    mentions: ['changed_by_name'],
    redact: ['selected_player_ids', 'changed_by_name'],
    erase: detach('The change is the event’s; the player’s id is taken out of its list'),
  },
];
