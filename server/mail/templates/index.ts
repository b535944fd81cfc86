/**
 * The registry of e-mail templates: every file here that holds templates, listed once. Each template
 * declares its own policy (an account mail, always sent, or optional under a named preference:
 * `MailPolicy` in ../template.ts); server/mail/registry.ts reads them from this list, and
 * templates.test.ts fails when a template file is missing from it.
 */
export * from './account-invitation';
export * from './address-in-use';
export * from './availability-digest';
export * from './availability-request';
export * from './children';
export * from './dbs';
export * from './email-change';
export * from './event-change';
export * from './guardians';
export * from './join-us-application';
export * from './join-us-receipt';
export * from './new-document';
export * from './new-feedback';
export * from './new-message';
export * from './order-released';
export * from './password-changed';
export * from './password-reset';
export * from './password-set';
export * from './payment-receipt';
export * from './payment-reminder';
export * from './payment-request';
export * from './privacy';
export * from './registration-decision';
export * from './selection-alert';
export * from './shop-order';
export * from './squad-dropped';
export * from './squad-selection';
export * from './test-mail';
export * from './welcome';
