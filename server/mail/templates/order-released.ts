import { hello, type MailTemplate } from '../template';

export interface OrderReleasedMail {
  reference: string;
  productName: string;
  size: string | null;
  quantity: number;
  /** Days the order waited for the club (Settings). */
  days: number;
}

const what = (order: OrderReleasedMail) => `${order.quantity} x ${order.productName}${order.size ? ` (size ${order.size})` : ''}`;
const waited = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/** To the buyer: their order waited too long for the club to confirm it, so it was cancelled (issue 30). */
export const orderReleased: MailTemplate<OrderReleasedMail> = {
  kind: 'order_released',
  policy: 'always',
  write: (order, to) => ({
    subject: `Your order ${order.reference} has been cancelled`,
    greeting: hello(to),
    paragraphs: [
      `Your order ${order.reference} (${what(order)}) was not confirmed within ${waited(order.days)}, so we have cancelled it and put the items back on sale. You have not been charged.`,
      'If you still want it, please order again from the shop, or message the club on WhatsApp.',
    ],
    action: { label: 'Visit the shop', path: '/shop' },
  }),
  samples: [{ reference: 'RR-1042', productName: 'Home Shirt', size: 'M', quantity: 2, days: 7 }],
};

/** To the shop (whoever gets new-order mails): an order nobody confirmed was cancelled and its stock released. */
export const orderReleasedToShop: MailTemplate<OrderReleasedMail & { customerName: string }> = {
  kind: 'order_released_shop',
  policy: 'always',
  write: (order) => ({
    subject: `Order ${order.reference} cancelled: not confirmed within ${waited(order.days)}`,
    paragraphs: [
      `Nobody confirmed order ${order.reference} from ${order.customerName} (${what(order)}) within ${waited(order.days)}, so it has been cancelled and the items are back in stock. The buyer has been told.`,
      'You can change how long orders wait in Settings.',
    ],
    action: { label: 'See orders', path: '/admin/orders' },
  }),
  samples: [{ reference: 'RR-1042', productName: 'Club Scarf', size: null, quantity: 1, days: 7, customerName: 'Alex Supporter' }],
};
