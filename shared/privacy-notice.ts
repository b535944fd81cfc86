import { z } from 'zod';
import { formatTimestamp } from './dates';
export { PRIVACY_NOTICE_LINK_TEXT } from './privacy-notice-words';

/**
 * The privacy notice's versions (issue 34, point 6). Every form that collects personal data shows
 * a link to /privacy and sends the version it showed as `notice_version`; the server stores it
 * beside what was given. No version sent (an API client) means the current one.
 */
export const UNKNOWN_NOTICE_VERSION = 'That version of the privacy notice does not exist: reload the page to see the current one.';

/** A form's hidden field (text) or an API client's number; omitted = the current version. */
export const noticeVersionField = z
  .union([z.number(), z.string().regex(/^\d{1,9}$/, UNKNOWN_NOTICE_VERSION).transform(Number)], { error: UNKNOWN_NOTICE_VERSION })
  .pipe(z.number().int(UNKNOWN_NOTICE_VERSION).min(1, UNKNOWN_NOTICE_VERSION).max(2_147_483_647, UNKNOWN_NOTICE_VERSION))
  .optional();

/** The foot of /privacy: "Version 3, updated 28 November 2026". */
export function noticeVersionLine(version: number, publishedAt: string): string {
  return `Version ${version}, updated ${formatTimestamp(publishedAt)}`;
}

/** A body that carries only the version (accepting an invitation while signed in). */
export const noticeOnlySchema = z.object({ notice_version: noticeVersionField });
