import { formatSortCode } from '../../shared/treasury';

/** How to pay, as every payment mail says it: the payer's reference and the club's bank account. */
export interface PaymentDetails {
  reference: string;
  account_name: string;
  sort_code: string;
  account_number: string;
}

/** The paragraph with the bank details and the reference to quote (or where to find them, before Settings has them). */
export function howToPay(details: PaymentDetails): string {
  const bank =
    details.account_name && details.sort_code && details.account_number
      ? `Please pay by bank transfer to ${details.account_name}, sort code ${formatSortCode(details.sort_code)}, account ${details.account_number}`
      : 'Please pay by bank transfer (the club’s bank details are in your payments page)';
  return `${bank}, quoting your reference ${details.reference} exactly, so the treasurer can match your payment.`;
}
