import { z } from '@hono/zod-openapi';
import { clubDateField } from '../dates';
import {
  PRIVACY_REQUEST_STATUSES,
  PRIVACY_REQUEST_TYPES,
  REQUESTER_RELATIONSHIPS,
} from '../privacy';

/**
 * Personal-data requests (issue 34): what the lead records when someone asks for a copy of their
 * data, its erasure, a correction or a restriction, and what the API answers about each.
 */

export const PRIVACY_RECORDS_BEGIN = '2025-01-01';
export const ONE_SUBJECT = 'Choose who the request is about: one member, child or login.';

const optionalId = (label: string) =>
  z
    .union([z.literal(''), z.string().uuid(`${label} must be an id from the list`)])
    .nullish()
    .transform((v) => (v ? v : null));

const optionalDate = (label: string) =>
  z
    .union([z.literal(''), clubDateField(label)])
    .nullish()
    .transform((v) => (v ? v : null));

export const privacyRequestInputSchema = z
  .strictObject({
    type: z.enum(PRIVACY_REQUEST_TYPES, { error: 'Choose what they asked for' }),
    player_id: optionalId('The member or child').openapi({ description: 'The member or child it is about (or user_id, never both)' }),
    user_id: optionalId('The login').openapi({ description: 'A login without a member record (a parent) it is about' }),
    include_children: z.boolean().optional().default(false).openapi({
      description: 'A parent’s request about themselves that covers the children they hold parental responsibility for (user_id only)',
    }),
    requested_by_name: z
      .string({ error: 'Say who asked' })
      .trim()
      .min(2, 'Say who asked (their name)')
      .max(200, 'Who asked must be at most 200 characters'),
    relationship: z.enum(REQUESTER_RELATIONSHIPS, { error: 'Choose how the person who asked is related to them' }),
    requested_by_user_id: optionalId('Who asked').openapi({ description: 'The login of who asked, when they have one (a parent: checked against the child’s parents and carers)' }),
    received_on: clubDateField('Received on'),
    identity_checked_on: optionalDate('Identity checked on'),
  })
  .openapi('PrivacyRequestInput');
export type PrivacyRequestInput = z.input<typeof privacyRequestInputSchema>;

/** A version: the request's `version` as read; a save with an older one is refused (409). */
const versionField = z.string().max(100).optional().openapi({ description: 'The `version` you read: refused (409) when someone changed the request since' });

export const privacyIdentitySchema = z
  .strictObject({ checked_on: clubDateField('Identity checked on'), version: versionField })
  .openapi('PrivacyIdentityCheck');

export const privacyExtensionSchema = z
  .strictObject({
    months: z.union([z.literal(1), z.literal(2)], { error: 'An extension is one or two further months' }),
    reason: z
      .string({ error: 'Say why the request needs longer' })
      .trim()
      .min(5, 'Say why the request needs longer (at least 5 characters)')
      .max(1000, 'The reason must be at most 1000 characters'),
    notified_on: clubDateField('Told them on'),
    version: versionField,
  })
  .openapi('PrivacyExtension');

export const privacyCompletionSchema = z
  .strictObject({
    status: z.enum(['completed', 'refused'], { error: 'Choose completed or refused' }),
    outcome: z
      .string({ error: 'Say what was done' })
      .trim()
      .min(5, 'Say what was done, or why it was refused (at least 5 characters)')
      .max(2000, 'The outcome must be at most 2000 characters'),
    version: versionField,
  })
  .openapi('PrivacyCompletion');

export const PrivacyRequestSchema = z
  .object({
    id: z.string().uuid(),
    type: z.enum(PRIVACY_REQUEST_TYPES),
    player_id: z.string().uuid().nullable(),
    user_id: z.string().uuid().nullable(),
    include_children: z.boolean(),
    subject_name: z.string(),
    requested_by_name: z.string(),
    relationship: z.enum(REQUESTER_RELATIONSHIPS),
    received_on: z.string(),
    identity_checked_on: z.string().nullable(),
    first_due_on: z.string().openapi({ description: 'One calendar month after received_on, moved to the next working day' }),
    extended_to: z.string().nullable(),
    extension_reason: z.string().nullable(),
    extension_notified_on: z.string().nullable(),
    due_on: z.string().openapi({ description: 'When it must be answered: extended_to when extended, otherwise first_due_on' }),
    days_left: z.number().int().openapi({ description: 'Days from today (London) to due_on; negative once overdue' }),
    overdue: z.boolean().openapi({ description: 'Open and past its due date' }),
    status: z.enum(PRIVACY_REQUEST_STATUSES),
    outcome: z.string().nullable(),
    completed_on: z.string().nullable(),
    recorded_by_name: z.string(),
    created_at: z.string(),
    version: z.string().openapi({ description: 'Send it back with a change: refused (409) when someone changed the request since' }),
  })
  .openapi('PrivacyRequest');
export type PrivacyRequest = z.infer<typeof PrivacyRequestSchema>;

export const PrivacySubjectSchema = z
  .object({
    kind: z.enum(['member', 'child', 'login']),
    player_id: z.string().uuid().nullable(),
    user_id: z.string().uuid().nullable(),
    full_name: z.string(),
    guardians: z
      .array(z.object({ user_id: z.string().uuid(), full_name: z.string(), level: z.string() }))
      .openapi({ description: 'A child’s parents and carers (their level), to choose who asked' }),
  })
  .openapi('PrivacySubject');
export type PrivacySubject = z.infer<typeof PrivacySubjectSchema>;
