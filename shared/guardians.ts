/**
 * What guardians and the club send about children (issue 23, ADR 038): invitations, "I am a parent"
 * requests and their decisions, consents and a child's care details. Pages and the API validate
 * with these; the messages name the field in plain words.
 */
import { z } from 'zod';
import './zod-messages';
import { noticeVersionField } from './privacy-notice';
import { clubDateField } from './dates';
import { CONSENT_KINDS, GUARDIAN_LEVELS, JUNIOR_LOGIN_MIN_AGE, ageOn } from './juniors';
import { emailField, optionalText, passwordField, requiredText, usernameField } from './fields';
import { todayIso } from './players';

export const GUARDIAN_INVITATION_DAYS = 7;

/** The parents' forms word "too long" briefly (shared/fields.ts). */
const required = (label: string, max = 200) => requiredText(label, max, 'brief');
const optional = (label: string, max = 200) => optionalText(label, max, 'brief');
const id = (label: string) => required(label, 100);

const levelField = z.enum(GUARDIAN_LEVELS, { error: 'Level must be primary, secondary or view_only' }).default('primary');

/** POST /api/guardian-invitations. */
export const guardianInvitationSchema = z.object({
  player_id: id('Child'),
  email: emailField,
  level: levelField,
  relationship: optional('Relationship', 60),
});
export type GuardianInvitationInput = z.infer<typeof guardianInvitationSchema>;

/** POST /api/guardian-invitations/{token}/accept without a login yet: the guardian's new account (the address is the invitation's). */
export const guardianAccountSchema = z.object({
  full_name: required('Your full name'),
  username: usernameField,
  password: passwordField,
  /** The privacy notice version the form showed (issue 34); omitted: the current one. */
  notice_version: noticeVersionField,
});
export type GuardianAccountInput = z.infer<typeof guardianAccountSchema>;

/** The register page's "I am a parent or carer": a login of their own (no player record) and the request, in one go. */
export const parentRegistrationSchema = z.object({
  full_name: required('Your full name'),
  username: usernameField,
  email: emailField,
  password: passwordField,
  /** Issue 31: the club needs a number for the parent (kept on their login). */
  phone_number: required('Your phone number', 40),
  /** The privacy notice version the form showed (issue 34); omitted: the current one. */
  notice_version: noticeVersionField,
});

/** POST /api/guardian-requests: "I am a parent or carer". */
export const guardianRequestSchema = z.object({
  child_name: required("Your child's full name"),
  child_date_of_birth: clubDateField("Your child's date of birth").refine((v) => v < todayIso(), "Your child's date of birth must be in the past"),
  relationship: required('Your relationship to the child', 60),
  team_id: optional('Team', 100),
  message: optional('Message', 1000),
  /** The privacy notice version the form showed (issue 34); omitted: the current one. */
  notice_version: noticeVersionField,
});
export type GuardianRequestInput = z.infer<typeof guardianRequestSchema>;

/** How many children one parent's registration may name (more: a second request from the Players' Area). */
export const MAX_CHILDREN_PER_REQUEST = 6;

/** One child of a parent's registration: a request each, sharing the relationship and message. */
export const parentChildSchema = guardianRequestSchema.pick({ child_name: true, child_date_of_birth: true, team_id: true });

/** The register page's "I am a parent or carer" with every child at once (issue 31). */
export const parentRegistrationRequestSchema = parentRegistrationSchema.extend({
  relationship: guardianRequestSchema.shape.relationship,
  message: guardianRequestSchema.shape.message,
  children: z
    .array(parentChildSchema, { error: 'Add your child' })
    .min(1, 'Add your child')
    .max(MAX_CHILDREN_PER_REQUEST, `At most ${MAX_CHILDREN_PER_REQUEST} children in one request`),
});
export type ParentRegistrationInput = z.input<typeof parentRegistrationRequestSchema>;

export const guardianRequestListSchema = z.object({
  status: z.enum(['pending', 'approved', 'rejected'], { error: 'Status must be pending, approved or rejected' }).default('pending'),
});

/**
 * POST /api/guardian-requests/{id}/approve: link to an existing child, or (no player_id) create them
 * as a new junior member of the junior team chosen here (issue 31: the team the parent named, unless
 * the club chooses another; required, since a child is listed under their team).
 */
export const guardianRequestApproveSchema = z.object({
  player_id: optional('Child', 100),
  team_id: optional('Team', 100),
  level: levelField,
});
export const CHOOSE_JUNIOR_TEAM = 'Choose the junior team this child plays for';
export const NOT_A_JUNIOR_TEAM = 'Choose one of the junior teams (U7 to U18)';
export const guardianRequestRejectSchema = z.object({ reason: required('Reason', 1000) });

/** PUT /api/players/{id}/consents. */
export const consentInputSchema = z.object({
  kind: z.enum(CONSENT_KINDS, { error: 'Consent must be photo, full_name, direct_contact or medical_treatment' }),
  given: z.boolean({ error: 'Say whether the consent is given (true or false)' }),
  /** The privacy notice version the form showed (issue 34); omitted: the current one. */
  notice_version: noticeVersionField,
});
export type ConsentInput = z.infer<typeof consentInputSchema>;

/** PUT /api/players/{id}/care: the details a guardian keeps up to date for their child. */
export const childCareSchema = z.object({
  emergency_contact_name: required('Emergency contact name'),
  emergency_contact_phone: required('Emergency contact phone', 40),
  medical_notes: optional('Medical notes', 2000),
});
export type ChildCareInput = z.infer<typeof childCareSchema>;

/** PUT /api/players/{id}/login-agreement: a primary guardian agrees (or no longer agrees) to a 13-17 year old's own login. */
export const loginAgreementSchema = z.object({ agreed: z.boolean({ error: 'Say whether you agree (true or false)' }) });

export const UNDER_13_NO_LOGIN = 'Children under 13 cannot have a login of their own: their parents or carers use theirs.';
export const LOGIN_NEEDS_AGREEMENT = 'A player aged 13 to 17 can have a login only once a parent or carer has agreed to it in the players’ area.';
export const JUNIOR_SELF_REGISTRATION =
  'Players under 18 are registered by a parent or carer: they create their own login and choose “I am a parent or carer”.';
export const NOT_THEIR_GUARDIAN = 'Only a parent or carer linked to this child can see or change this.';
export const CONSENTS_GUARDIANS_ONLY = 'Only a parent or carer linked to this child can give or withdraw their consents (not club staff or admins).';
export const VIEW_ONLY_GUARDIAN = 'You can see this child’s details but not answer for them: ask their primary parent or carer.';
export const MESSAGE_TO_JUNIOR = 'Messages to a junior go to their parents or carers: tick “Copy their parents or carers” (copy_guardians) to send it.';
export const GUARDIAN_REQUEST_NOT_FOUND = 'No request from a parent or carer has this id (it may have been decided already).';
export const INVITATION_USED = 'This invitation has been used already: sign in instead.';
export const INVITATION_EXPIRED = 'This invitation has expired: ask the club for a new one.';
export const INVITATION_NOT_FOUND = 'This invitation link is not valid: check you used the whole link from the e-mail.';

/** Why this person may not have a login of their own today (null: they may): under 13 never; 13-17 once a guardian agreed. */
export function juniorLoginRefusal(dateOfBirth: string | null | undefined, agreedAt: Date | string | null | undefined, today: string): string | null {
  if (!dateOfBirth) return null;
  const age = ageOn(dateOfBirth, today);
  if (age >= 18) return null;
  if (age < JUNIOR_LOGIN_MIN_AGE) return UNDER_13_NO_LOGIN;
  return agreedAt ? null : LOGIN_NEEDS_AGREEMENT;
}
