/**
 * Every e-mail the site sends, read from the one list of templates (./templates/index.ts), and what
 * their policies add up to: the preferences a member can turn off (the preferences page, the
 * one-click unsubscribe links). Whether a single mail is held or carries List-Unsubscribe is read
 * from its own template's policy (./template.ts).
 */
import { MAIL_PREFERENCES, type MailPreference } from '../../shared/mail';
import { preferenceOf, type MailTemplate } from './template';
import * as templates from './templates';

const isTemplate = (value: unknown): value is MailTemplate<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as MailTemplate<unknown>).write === 'function' && 'kind' in value;

/** Every template, by its exported name (helpers the template files also export are left out). */
export const MAIL_TEMPLATES: Readonly<Record<string, MailTemplate<unknown>>> = Object.fromEntries(
  Object.entries(templates as Record<string, unknown>).filter((entry): entry is [string, MailTemplate<unknown>] => isTemplate(entry[1])),
);

/** The named preferences some template is optional under, in the order the preferences page shows them. */
export const OPTIONAL_PREFERENCES = MAIL_PREFERENCES.filter((p) => Object.values(MAIL_TEMPLATES).some((t) => preferenceOf(t) === p.id));

/** Whether `id` names a preference a member can turn off (an unsubscribe link's `kind`). */
export const isOptionalPreference = (id: string): id is MailPreference => OPTIONAL_PREFERENCES.some((p) => p.id === id);

/** The preferences page's words for a preference. */
export const preferenceLabel = (id: MailPreference) => MAIL_PREFERENCES.find((p) => p.id === id)!.label;
