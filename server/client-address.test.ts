import { describe, expect, it } from 'vitest';
import { clientAddressOf } from './client-address';

describe('clientAddressOf', () => {
  it('behind a trusted proxy takes the right-most X-Forwarded-For entry (the one our proxy added), not what the client wrote', () => {
    expect(clientAddressOf('1.2.3.4, 198.51.100.7', '10.0.0.1', true)).toBe('198.51.100.7');
    expect(clientAddressOf('made-up, 1.2.3.4,198.51.100.7 ', '10.0.0.1', true)).toBe('198.51.100.7');
    expect(clientAddressOf('198.51.100.7', '10.0.0.1', true)).toBe('198.51.100.7');
    expect(clientAddressOf('2001:db8::1', '10.0.0.1', true)).toBe('2001:db8::1');
  });

  it('ignores X-Forwarded-For without a trusted proxy, and an entry that is not an address', () => {
    expect(clientAddressOf('1.2.3.4', '10.0.0.1', false)).toBe('10.0.0.1');
    expect(clientAddressOf('1.2.3.4, evil', '10.0.0.1', true)).toBe('10.0.0.1');
    expect(clientAddressOf(' , ', '10.0.0.1', true)).toBe('10.0.0.1');
    expect(clientAddressOf(undefined, undefined, true)).toBe('unknown');
  });
});
