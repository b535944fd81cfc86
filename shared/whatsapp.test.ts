import { describe, expect, it } from 'vitest';
import { whatsappLink, whatsappShareLink } from './whatsapp';

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
