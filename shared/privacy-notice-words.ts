/**
 * The privacy notice link's words (issue 34): alone in this module, so a form that shows the link
 * ships neither zod nor the date helpers to the browser (shared/privacy-notice.ts has the rest).
 */
export const PRIVACY_NOTICE_LINK_TEXT = 'How we use your information: read our privacy notice';
