/** The fields the treasury's contracts share (issue 24; split from treasury.ts in issue 31). */
import { z } from '@hono/zod-openapi';
import { codesOf } from '../codes';
import '../zod-messages';
import { CHARGE_CATEGORY_LABELS } from '../treasury';

export const CHARGE_CATEGORIES = codesOf(CHARGE_CATEGORY_LABELS);

/** The largest single amount the club records: £100,000. */
export const MAX_PENCE = 10_000_000;

export const pence = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of pence` })
    .int(`${label} must be a whole number of pence`)
    .positive(`${label} must be more than 0`)
    .max(MAX_PENCE, `${label} is too large`);
export const uuid = (label: string) => z.string({ error: `${label} is required` }).uuid(`${label} is not a valid id`);
export const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
/** "2026-27": the football season, 1 September to 31 August. */
export const season = z.string({ error: 'Season must be text like 2026-27' }).regex(/^\d{4}-\d{2}$/, 'Season must look like 2026-27');

export const teamIds = z.array(uuid('Team')).min(1, 'Choose at least one team').max(50, 'At most 50 teams at once');
