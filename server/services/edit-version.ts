/**
 * No lost edits (issue 22): a record's version is its `updated_at`; a save that sends the version it
 * loaded is refused (409) when someone saved since, naming who and when. A save without a version
 * (API clients written for the earlier site) is taken as before.
 */
import { conflict } from '../../shared/errors';
import { formatClubDateTime } from '../../shared/dates';

export const versionOf = (updatedAt: Date) => updatedAt.toISOString();

export function assertCurrentVersion(what: string, row: { updated_at: Date; updated_by: string | null }, version: string | undefined) {
  if (version === undefined || version === versionOf(row.updated_at)) return;
  throw conflict(
    `${row.updated_by ?? 'Someone'} saved this ${what} on ${formatClubDateTime(row.updated_at)} after you opened it, so your changes were not saved. ` +
      'Reload to see theirs, then make yours again.',
  );
}
