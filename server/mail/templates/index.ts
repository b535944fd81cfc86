import type { MailTemplate } from '../template';
import { accountInvitation } from './account-invitation';
import { addressInUse } from './address-in-use';
import { availabilityDigest } from './availability-digest';
import { availabilityRequest } from './availability-request';
import { dbsExpired, dbsExpiring } from './dbs';
import { emailChangeConfirm, emailChangeNotice } from './email-change';
import { eventChange, type EventChangeMail } from './event-change';
import { childLeftClub, consentWithdrawn, guardianRequestReceived } from './children';
import { guardianInvitation, guardianRequestApproved, guardianRequestRejected, turningEighteen } from './guardians';
import { joinUsApplication } from './join-us-application';
import { joinUsReceipt } from './join-us-receipt';
import { newDocument } from './new-document';
import { newFeedback } from './new-feedback';
import { newMessage } from './new-message';
import { passwordChanged } from './password-changed';
import { passwordSet } from './password-set';
import { passwordReset } from './password-reset';
import { paymentReceipt } from './payment-receipt';
import { paymentReminder } from './payment-reminder';
import { paymentRequest } from './payment-request';
import { registrationApproved, registrationRejected } from './registration-decision';
import { selectionAlert } from './selection-alert';
import { orderReleased, orderReleasedToShop } from './order-released';
import { shopOrder } from './shop-order';
import { squadDropped } from './squad-dropped';
import { squadSelection } from './squad-selection';
import { testMail } from './test-mail';
import { welcome } from './welcome';

export type { EventChangeMail };
export {
  childLeftClub,
  consentWithdrawn,
  guardianRequestReceived,
  addressInUse,
  dbsExpiring,
  dbsExpired,
  availabilityDigest,
  guardianInvitation,
  guardianRequestApproved,
  guardianRequestRejected,
  turningEighteen,
  accountInvitation,
  squadDropped,
  eventChange,
  availabilityRequest,
  emailChangeConfirm,
  emailChangeNotice,
  joinUsApplication,
  joinUsReceipt,
  newDocument,
  newFeedback,
  newMessage,
  passwordChanged,
  passwordSet,
  passwordReset,
  paymentRequest,
  paymentReminder,
  paymentReceipt,
  registrationApproved,
  registrationRejected,
  selectionAlert,
  shopOrder,
  orderReleased,
  orderReleasedToShop,
  squadSelection,
  testMail,
  welcome,
};

/**
 * Every e-mail the site sends, by name. templates.test.ts renders each with its samples and checks
 * that every template in this folder is listed here.
 */
export const MAIL_TEMPLATES: Record<string, MailTemplate<unknown>> = {
  passwordReset,
  welcome,
  newMessage,
  newDocument,
  paymentRequest,
  paymentReminder,
  paymentReceipt,
  newFeedback,
  shopOrder,
  orderReleased,
  orderReleasedToShop,
  joinUsApplication,
  joinUsReceipt,
  availabilityRequest,
  availabilityDigest,
  squadSelection,
  selectionAlert,
  eventChange,
  squadDropped,
  registrationApproved,
  registrationRejected,
  emailChangeConfirm,
  emailChangeNotice,
  addressInUse,
  passwordChanged,
  passwordSet,
  accountInvitation,
  guardianInvitation,
  guardianRequestApproved,
  guardianRequestRejected,
  turningEighteen,
  dbsExpiring,
  dbsExpired,
  guardianRequestReceived,
  childLeftClub,
  consentWithdrawn,
  testMail,
};
