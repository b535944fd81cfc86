/** Personal-data requests (issue 34): the kinds, who may ask, and how the pages name them. */
import { codesOf } from './codes';

export const PRIVACY_REQUEST_TYPE_LABELS = {
  access: 'Access (a copy of their data)',
  erasure: 'Erasure (delete their data)',
  rectification: 'Correction',
  restriction: 'Restriction (stop using their data)',
};
export type PrivacyRequestType = keyof typeof PRIVACY_REQUEST_TYPE_LABELS;
export const PRIVACY_REQUEST_TYPES = codesOf(PRIVACY_REQUEST_TYPE_LABELS);

/** Who asked, in relation to the person the request is about. A restricted (view-only) guardian cannot ask for a child. */
export const REQUESTER_RELATIONSHIP_LABELS = {
  self: 'The person themselves',
  parent: 'Parent or carer with parental responsibility',
  representative: 'Someone acting for them (with written authority)',
};
export type RequesterRelationship = keyof typeof REQUESTER_RELATIONSHIP_LABELS;
export const REQUESTER_RELATIONSHIPS = codesOf(REQUESTER_RELATIONSHIP_LABELS);

export const PRIVACY_REQUEST_STATUS_LABELS = {
  open: 'Open',
  completed: 'Completed',
  refused: 'Refused',
};
export type PrivacyRequestStatus = keyof typeof PRIVACY_REQUEST_STATUS_LABELS;
export const PRIVACY_REQUEST_STATUSES = codesOf(PRIVACY_REQUEST_STATUS_LABELS);
