import { describe, expect, it } from 'vitest';
import { canTransition, ORDER_QUANTITY_MAX, ORDER_TOTAL_MAX, orderSchema, PRODUCT_PRICE_MAX, productQuerySchema, productSchema, splitList, stockLabel } from './shop';
import { orderNextSteps } from './shop-constants';

describe('stockLabel', () => {
  it("says 'Only N left!' from 5 down to 1, 'Out of stock' at 0, and nothing above 5", () => {
    expect(stockLabel(6)).toBeNull();
    expect(stockLabel(5)).toBe('Only 5 left!');
    expect(stockLabel(1)).toBe('Only 1 left!');
    expect(stockLabel(0)).toBe('Out of stock');
  });
});

describe('orderSchema', () => {
  const base = { product_id: 'x', quantity: 1, customer_name: 'A', customer_email: 'a@example.com', customer_phone: '+44 (0)7700 900-123' };
  it('accepts phones of digits, spaces, +, - and brackets, 7 to 20 characters', () => {
    expect(orderSchema.safeParse(base).success).toBe(true);
    for (const phone of ['123456', 'call 07700900123', '1'.repeat(21), '((((((()))']) {
      expect(orderSchema.safeParse({ ...base, customer_phone: phone }).success, phone).toBe(false);
    }
  });
  it('treats blank optional fields as absent', () => {
    const parsed = orderSchema.parse({ ...base, size: '', customer_address: '  ', notes: '' });
    expect(parsed.size).toBeUndefined();
    expect(parsed.customer_address).toBeUndefined();
    expect(parsed.notes).toBeUndefined();
  });
});

describe('products', () => {
  it("splits the admin form's comma-separated text into trimmed, non-empty entries", () => {
    expect(splitList(' S, M ,, L ,')).toEqual(['S', 'M', 'L']);
  });
  it('caps the price so that the largest order (price x quantity) fits an order total', () => {
    expect(PRODUCT_PRICE_MAX * ORDER_QUANTITY_MAX).toBeLessThanOrEqual(ORDER_TOTAL_MAX);
    const base = { name: 'Shirt', description: 'A shirt', category: 'Kit', stock: 1 };
    expect(productSchema.safeParse({ ...base, price: PRODUCT_PRICE_MAX }).success).toBe(true);
    const tooDear = productSchema.safeParse({ ...base, price: PRODUCT_PRICE_MAX + 0.01 });
    expect(tooDear.error?.issues[0].message).toBe('Price can be at most £10,000.00');
  });

  it('allows at most 2 decimals in a price', () => {
    const product = { name: 'n', description: 'd', category: 'c', stock: 0 };
    expect(productSchema.safeParse({ ...product, price: 19.99 }).success).toBe(true);
    expect(productSchema.safeParse({ ...product, price: 19.999 }).success).toBe(false);
  });
});

describe('order lifecycle', () => {
  it('goes pending -> confirmed -> paid -> fulfilled, or cancelled before fulfilled', () => {
    expect(canTransition('pending', 'confirmed')).toBe(true);
    expect(canTransition('pending', 'paid')).toBe(false);
    expect(canTransition('paid', 'cancelled')).toBe(true);
    expect(canTransition('fulfilled', 'cancelled')).toBe(false);
    expect(canTransition('cancelled', 'pending')).toBe(false);
  });
});

describe('productQuerySchema', () => {
  it('refuses a NUL character in the search or category (the /shop page then shows every product, the API answers 422)', () => {
    expect(productQuerySchema.safeParse({ search: 'scarf' }).success).toBe(true);
    expect(productQuerySchema.safeParse({ search: 'sc\u0000arf' }).success).toBe(false);
    expect(productQuerySchema.safeParse({ category: 'Kit\u0000' }).success).toBe(false);
  });
});

describe('orderNextSteps', () => {
  it("starts with SPEC's promise that the club contacts the customer within 24 hours, for collection and delivery", () => {
    for (const fulfilment of ['collect', 'delivery'] as const) {
      const steps = orderNextSteps(fulfilment, 'the club');
      expect(steps[0], fulfilment).toBe('The club will contact you within 24 hours to confirm your order.');
      expect(steps, fulfilment).toContain('Payment is by bank transfer or a card payment link, which we will send you.');
    }
    expect(orderNextSteps('delivery', 'the club')).toContain('Shipping takes 3-5 working days.');
  });
});
