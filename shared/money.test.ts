import { describe, expect, it } from 'vitest';
import { formatPounds } from './money';
import { whatsappLink } from './whatsapp';

describe('formatPounds', () => {
  it('shows pounds with 2 decimals', () => {
    expect(formatPounds(24.99)).toBe('£24.99');
    expect(formatPounds(12)).toBe('£12.00');
    expect(formatPounds(1234.5)).toBe('£1,234.50');
  });
});

describe('whatsappLink', () => {
  it('keeps only the digits of the number and encodes the text', () => {
    expect(whatsappLink('+44 7700 900-123', 'Order #1 & more')).toBe('https://wa.me/447700900123?text=Order%20%231%20%26%20more');
  });
});
