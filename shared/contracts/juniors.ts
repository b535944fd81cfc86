import { z } from '@hono/zod-openapi';
import { AGE_GROUPS, CHILD_STANDINGS, CONSENT_KINDS, GUARDIAN_LEVELS } from '../juniors';

/**
 * Junior football (issue 23, ADR 038): guardians linked to children, their invitations and
 * "I am a parent" requests, and what is kept per child (consents, care details), as the API answers them.
 */
export {
  guardianInvitationSchema,
  guardianAccountSchema,
  guardianRequestSchema,
  guardianRequestApproveSchema,
  guardianRequestRejectSchema,
  consentInputSchema,
  childCareSchema,
  loginAgreementSchema,
} from '../guardians';

const iso = (description = 'ISO 8601') => z.string().openapi({ description });

export const GuardianInvitationSchema = z
  .object({ player_id: z.string().uuid(), email: z.string(), level: z.enum(GUARDIAN_LEVELS), relationship: z.string().nullable(), expires_at: iso() })
  .openapi('GuardianInvitation');

export const GuardianInvitationPreviewSchema = z
  .object({
    child_first_name: z.string(),
    email: z.string(),
    level: z.enum(GUARDIAN_LEVELS),
    state: z.enum(['valid', 'used', 'expired']),
  })
  .openapi('GuardianInvitationPreview');

export const GuardianLinkSchema = z
  .object({ user_id: z.string().uuid(), player_id: z.string().uuid(), level: z.enum(GUARDIAN_LEVELS), created_login: z.boolean() })
  .openapi('GuardianLink');

export const GuardianRequestSchema = z
  .object({
    id: z.string().uuid(),
    requester_name: z.string(),
    requester_email: z.string(),
    child_name: z.string(),
    child_date_of_birth: z.string(),
    relationship: z.string().nullable(),
    team_id: z.string().uuid().nullable(),
    team_name: z.string().nullable(),
    message: z.string().nullable(),
    status: z.enum(['pending', 'approved', 'rejected']),
    player_id: z.string().uuid().nullable(),
    decided_by: z.string().nullable(),
    decided_at: iso().nullable(),
    reason: z.string().nullable(),
    created_at: iso(),
  })
  .openapi('GuardianRequest');

export const GuardianDecisionSchema = z
  .object({ id: z.string().uuid(), status: z.enum(['approved', 'rejected']), player_id: z.string().uuid().nullable(), created_child: z.boolean() })
  .openapi('GuardianRequestDecision');

export const ChildSchema = z
  .object({
    player_id: z.string().uuid(),
    full_name: z.string(),
    age_group: z.enum(AGE_GROUPS).nullable(),
    teams: z.array(z.object({ id: z.string().uuid(), name: z.string(), age_group: z.enum(AGE_GROUPS) })),
    level: z.enum(GUARDIAN_LEVELS),
    can_answer: z.boolean(),
    relationship: z.string().nullable(),
    has_login: z.boolean(),
    may_have_login: z.boolean().openapi({ description: '13 or over: a login of their own is possible once a primary guardian agrees' }),
    login_agreed: z.boolean(),
    has_emergency_contact: z.boolean().openapi({ description: 'Needed before the child can be picked for a squad' }),
    standing: z.enum(CHILD_STANDINGS).openapi({
      description: 'in_team; waiting (never in a team yet); team_ended (their team places have ended); left_club (they left the club)',
    }),
    former_teams: z.array(z.string()).openapi({ description: 'The teams they were in, when no team place is current' }),
  })
  .openapi('Child');

export const ChildGuardiansSchema = z
  .object({
    player_id: z.string().uuid(),
    full_name: z.string(),
    guardians: z.array(
      z.object({
        user_id: z.string().uuid(),
        full_name: z.string(),
        email: z.string(),
        level: z.enum(GUARDIAN_LEVELS),
        relationship: z.string().nullable(),
        approved_by: z.string(),
        created_at: iso(),
        address_confirmed: z.boolean().openapi({ description: 'Whether they confirmed their address (issue 31): until then the club’s mail to them is held' }),
        held_mails: z.number().int().openapi({ description: 'How many of the club’s e-mails wait for them to confirm their address (issue 31)' }),
      }),
    ),
    invitations: z.array(z.object({ email: z.string(), level: z.enum(GUARDIAN_LEVELS), expires_at: iso(), invited_by: z.string() })),
  })
  .openapi('ChildGuardians');

export const ConsentsSchema = z
  .object({
    player_id: z.string().uuid(),
    season: z.string().openapi({ example: '2026-27' }),
    text_version: z.string(),
    consents: z.array(
      z.object({
        kind: z.enum(CONSENT_KINDS),
        label: z.string(),
        text: z.string(),
        given: z.boolean().openapi({ description: 'No answer yet means no' }),
        given_by_name: z.string().nullable(),
        at: iso().nullable(),
        text_version: z.string().nullable(),
      }),
    ),
  })
  .openapi('Consents');

export const MedicalNotesSchema = z
  .object({
    player_id: z.string().uuid(),
    medical_notes: z.string().nullable(),
    emergency_contact_name: z.string().nullable(),
    emergency_contact_phone: z.string().nullable(),
  })
  .openapi('MedicalNotes');

export const MedicalNoteReadSchema = z.object({ read_by_name: z.string(), read_at: iso() }).openapi('MedicalNoteRead');

export const ChildCareSchema = z
  .object({ player_id: z.string().uuid(), emergency_contact_name: z.string(), emergency_contact_phone: z.string(), medical_notes: z.string().nullable() })
  .openapi('ChildCare');

export const LoginAgreementSchema = z
  .object({ player_id: z.string().uuid(), login_agreed: z.boolean(), login_agreed_by: z.string().nullable(), login_agreed_at: iso().nullable() })
  .openapi('LoginAgreement');
