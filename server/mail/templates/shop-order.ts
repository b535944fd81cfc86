import { orderMessage } from '../../../shared/shop';
import type { Fulfilment } from '../../../shared/shop-constants';
import type { MailTemplate } from '../template';

export interface ShopOrderMail {
  reference: string;
  productName: string;
  size: string | null;
  quantity: number;
  totalAmount: number;
  fulfilment: Fulfilment;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  customerAddress: string | null;
  notes: string | null;
}

/** A new shop order, to the club's sales e-mail: what the WhatsApp text says, plus the contact details. */
export const shopOrder: MailTemplate<ShopOrderMail> = {
  kind: 'order',
  policy: 'always',
  write: (order) => ({
    subject: `New shop order ${order.reference}: ${order.productName}`,
    paragraphs: [
      // The customer's WhatsApp text without its greeting line.
      orderMessage({
        reference: order.reference,
        product_name: order.productName,
        size: order.size,
        quantity: order.quantity,
        total_amount: order.totalAmount,
        customer_name: order.customerName,
        fulfilment: order.fulfilment,
      })
        .split('\n')
        .slice(1)
        .join('\n'),
      `E-mail: ${order.customerEmail}\nPhone: ${order.customerPhone}` +
        (order.customerAddress ? `\nAddress: ${order.customerAddress}` : '') +
        (order.notes ? `\nNotes: ${order.notes}` : ''),
    ],
    action: { label: 'See orders', path: '/admin/orders' },
  }),
  samples: [
    {
      reference: 'RR-1042',
      productName: 'Home Shirt',
      size: 'M',
      quantity: 2,
      totalAmount: 70,
      fulfilment: 'delivery',
      customerName: 'Alex Supporter',
      customerEmail: 'alex@example.com',
      customerPhone: '+44 7700 900123',
      customerAddress: '1 High Street, Hartfield',
      notes: 'Before Saturday please.',
    },
    {
      reference: 'RR-1043',
      productName: 'Club Scarf',
      size: null,
      quantity: 1,
      totalAmount: 12,
      fulfilment: 'collect',
      customerName: 'Grace Group',
      customerEmail: 'grace@example.com',
      customerPhone: '07700 900456',
      customerAddress: null,
      notes: null,
    },
  ],
};
