/** Switching logins off and on and removing a parent's link (issue 30): the texts and limits both sides use. */

export const ACCESS_REASON_MAX = 500;
export const REASON_REQUIRED = 'Give a reason: it is kept with the change.';

export const ACCESS_CHANGE_ACTIONS = ['login_switched_off', 'login_switched_on', 'guardian_link_removed'] as const;
export type AccessChangeAction = (typeof ACCESS_CHANGE_ACTIONS)[number];
export const ACCESS_CHANGE_LABELS: Record<AccessChangeAction, string> = {
  login_switched_off: 'Login switched off',
  login_switched_on: 'Login switched on',
  guardian_link_removed: 'Parent or carer link removed',
};
