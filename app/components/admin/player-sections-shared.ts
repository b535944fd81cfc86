/** The texts and small rules the sections of a player in the admin's Players area share. */
import type { AdminPlayer as Player } from '../../../shared/contracts/players';
import { PASSWORD_MIN_LENGTH } from '../../../shared/auth';
import { DEFAULT_COACH_NAME, DEFAULT_PAYMENT_TYPE } from '../../../shared/players';

/** The toasts of a player's sections (docs/product.md#toasts). */
export const TOASTS = {
  accountCreated: 'Player account created successfully',
  accountError: 'Error creating player account',
  passwordReset: 'Password reset successfully',
  passwordError: 'Error resetting password',
  statsUpdated: 'Player stats updated successfully',
  statsError: 'Error updating stats',
  paymentAdded: 'Payment added successfully',
  paymentError: 'Error adding payment',
  paymentStatusUpdated: 'Payment status updated successfully',
  paymentStatusError: 'Error updating payment status',
  feedbackAdded: 'Feedback added successfully',
  feedbackError: 'Error adding feedback',
} as const;

export const COACH_NAME = DEFAULT_COACH_NAME;
export const PASSWORD_MIN = PASSWORD_MIN_LENGTH;
export const PAYMENT_TYPES = [DEFAULT_PAYMENT_TYPE, 'Match Fee', 'Kit', 'Training', 'Other'] as const;

export const hasLogin = (player: Pick<Player, 'user_id'>) => Boolean(player.user_id);
