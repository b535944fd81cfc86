import { describe, expect, it } from 'vitest';
import { internationalPhone, whatsappLink, whatsappShareLink } from './whatsapp';

describe('whatsappLink', () => {
  it('builds a wa.me link from the digits of the number, with the text encoded', () => {
    expect(whatsappLink('+44 7700 900123', 'Hi & welcome?')).toBe('https://wa.me/447700900123?text=Hi%20%26%20welcome%3F');
  });
  it('is null when no number is set', () => {
    expect(whatsappLink('', 'Hi')).toBeNull();
    expect(whatsappLink(null, 'Hi')).toBeNull();
  });
  it('shares text without a recipient', () => {
    expect(whatsappShareLink('Title - https://x.test/news/1')).toBe('https://wa.me/?text=Title%20-%20https%3A%2F%2Fx.test%2Fnews%2F1');
  });
});

describe('internationalPhone', () => {
  it('turns a UK number written the UK way into 44…', () => {
    expect(internationalPhone('07700 900123')).toBe('447700900123');
    expect(internationalPhone('07700-900-123')).toBe('447700900123');
    expect(internationalPhone('7700 900123')).toBe('447700900123');
  });
  it('keeps a number that already has its country code', () => {
    expect(internationalPhone('+44 7700 900123')).toBe('447700900123');
    expect(internationalPhone('+44 (0)7700 900123')).toBe('447700900123');
    expect(internationalPhone('0044 7700 900123')).toBe('447700900123');
    expect(internationalPhone('447700900123')).toBe('447700900123');
    expect(internationalPhone('+353 85 123 4567')).toBe('353851234567');
  });
  it('is null for something that is not a phone number', () => {
    expect(internationalPhone('')).toBeNull();
    expect(internationalPhone(null)).toBeNull();
    expect(internationalPhone('12345')).toBeNull();
    expect(internationalPhone('call me')).toBeNull();
  });
});
