import { z } from '@hono/zod-openapi';
import { AGE_GROUPS, DBS_STATUSES } from '../juniors';
import { TEAM_STAFF_ROLES } from '../club-roles';
import { clubDateField } from '../dates';
import { todayIso } from '../players';

/**
 * DBS checks of junior teams' staff (issue 23, ADR 039): the club records the status of each
 * person's Enhanced DBS check with barred list as verified (e.g. on the FA Club Portal) — status,
 * expiry, who checked and when — and nothing from the certificate itself (Police Act 1997 s.124):
 * no number, no contents. Unknown fields are refused, so a certificate number cannot slip in.
 */

const STORED = 'status, expires_on, checked_on and checked_by';

/** Who verified the certificate (issue 31): a named person, e.g. the welfare officer; the typist is kept apart as recorded_by. */
export const dbsVerifierField = z
  .string({ error: 'Checked by must say who verified the certificate' })
  .trim()
  .min(2, 'Checked by must name who verified the certificate')
  .max(100, 'Checked by must be at most 100 characters');

export const dbsCheckInputSchema = z
  .strictObject(
    {
      status: z.enum(DBS_STATUSES, { error: 'Status must be in_date, renewal_in_progress, expired or not_required' }),
      expires_on: z
        .union([z.literal(''), clubDateField('Expiry date')])
        .nullish()
        .transform((v) => (v ? v : null)),
      checked_on: clubDateField('Date checked').refine((v) => v <= todayIso(), 'Date checked cannot be in the future'),
      checked_by: dbsVerifierField.openapi({ description: 'Who verified the certificate (a named person); whoever records it is kept as recorded_by' }),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Only the check's ${STORED} are stored, never anything from the certificate: remove ${issue.keys.join(', ')}.`
          : undefined,
    },
  )
  .superRefine((v, ctx) => {
    if ((v.status === 'in_date' || v.status === 'expired') && !v.expires_on) {
      ctx.addIssue({ code: 'custom', path: ['expires_on'], message: 'Expiry date is required for a check in date or expired' });
    }
    if (v.status === 'in_date' && v.expires_on && v.expires_on < todayIso()) {
      ctx.addIssue({ code: 'custom', path: ['expires_on'], message: 'Expiry date has passed: record the check as expired, or as renewal in progress' });
    }
  })
  .openapi('DbsCheckInput');
export type DbsCheckInput = z.infer<typeof dbsCheckInputSchema>;

const DbsOverrideSchema = z.object({ by: z.string(), at: z.string(), reason: z.string() });

export const DbsEntrySchema = z
  .object({
    player_id: z.string().uuid(),
    full_name: z.string(),
    teams: z.array(
      z.object({
        team_id: z.string().uuid(),
        team_name: z.string(),
        age_group: z.enum(AGE_GROUPS),
        role: z.enum(TEAM_STAFF_ROLES),
        override: DbsOverrideSchema.nullable().openapi({ description: 'An admin made them staff despite the check: who, when (ISO 8601) and why' }),
        suspended: z.string().nullable().openapi({
          description: 'The place is kept but suspended while the check is not in order: "Suspended: DBS check expired on 3 November 2026"; null when it counts',
        }),
      }),
    ),
    status: z.enum(DBS_STATUSES).nullable().openapi({ description: 'null: no check recorded' }),
    expires_on: z.string().nullable(),
    checked_by: z.string().nullable().openapi({ description: 'Who verified the certificate' }),
    checked_on: z.string().nullable(),
    recorded_by: z.string().nullable().openapi({ description: 'Who typed the record in (null for checks recorded before issue 31)' }),
    suspended: z.string().nullable().openapi({
      description: 'Their junior teams’ staff places are suspended: "Suspended: DBS check expired on 3 November 2026"; null when none is',
    }),
    override: DbsOverrideSchema.nullable().openapi({
      description: 'An admin lifted the suspension of this check: who, when (ISO 8601) and why; it lasts until a check is recorded again',
    }),
    problem: z.string().nullable().openapi({
      description: 'Why they may not be made staff of a junior team now (missing or expired), or a warning 60 days before expiry; null when all is well',
    }),
  })
  .openapi('DbsEntry');
export type DbsEntry = z.infer<typeof DbsEntrySchema>;

export const DbsOverviewSchema = z
  .object({
    welfare_officer: z.string().nullable().openapi({ description: 'Who holds the Welfare officer club role' }),
    welfare_email: z.string(),
    people: z.array(DbsEntrySchema).openapi({ description: 'The staff of junior teams (U7-U18) and everyone with a check recorded, by name' }),
    members: z
      .array(z.object({ player_id: z.string().uuid(), full_name: z.string() }))
      .openapi({
        description: 'Every adult member of the club (not pending, not left, not under 18): whose check can be recorded, before they join a staff. Never a child.',
      }),
    verifiers: z.array(z.string()).openapi({ description: 'The club’s welfare officers, secretaries and admins, by name: suggested for "checked by"' }),
  })
  .openapi('DbsOverview');
export type DbsOverview = z.infer<typeof DbsOverviewSchema>;

/** PUT /api/admin/team-staff's optional admin override: why someone without an in-date check is made staff of a junior team. */
export const dbsOverrideReasonField = z
  .string({ error: 'Override reason must be text' })
  .trim()
  .min(5, 'Override reason must say why (at least 5 characters)')
  .max(500, 'Override reason must be at most 500 characters');

/** PUT /api/admin/dbs/{player_id}/override: an admin lifts the suspension of an expired check, saying why (issue 31). */
export const dbsSuspensionOverrideSchema = z
  .strictObject({ reason: dbsOverrideReasonField.openapi({ description: 'Why the person may go on working with juniors meanwhile' }) })
  .openapi('DbsSuspensionOverride');
