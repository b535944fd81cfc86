import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './guards.server';

const HOME = '/players-area';

describe('safeRedirectPath: where sign-in may send someone back to', () => {
  it('keeps a path on this site, with its query and fragment', () => {
    expect(safeRedirectPath('/admin', HOME)).toBe('/admin');
    expect(safeRedirectPath('/players-area/schedule?week=2026-11-30#sat', HOME)).toBe('/players-area/schedule?week=2026-11-30#sat');
    expect(safeRedirectPath('/news/caf%C3%A9-opens', HOME)).toBe('/news/caf%C3%A9-opens');
  });

  it.each([
    ['a tab the browser drops (/%09/evil.example, decoded)', '/\t/evil.example'],
    ['a tab still encoded', '/%09/evil.example'],
    ['a protocol-relative address', '//evil.example'],
    ['a backslash the browser reads as a slash', '/\\evil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['an encoded second slash', '/%2Fevil.example'],
    ['a full address', 'https://evil.example/'],
    ['a javascript: address', 'javascript:alert(1)'],
    ['a relative path', 'admin'],
    ['CR/LF (header splitting)', '/admin\r\nSet-Cookie: x=1'],
    ['encoded CR/LF', '/admin%0d%0aSet-Cookie:%20x=1'],
    ['a letter outside Latin-1', '/admin/\u2603'],
    ['a Latin-1 letter not encoded', '/caf\u00e9'],
    ['a space', '/admin page'],
    ['a stray % that is no escape', '/admin%zz'],
    ['a NUL', '/admin\u0000'],
    ['something over 2,000 characters', `/${'a'.repeat(2000)}`],
    ['an empty value', ''],
  ])('sends %s to the default page', (_what, value) => {
    expect(safeRedirectPath(value, HOME)).toBe(HOME);
  });

  it('sends anything but a string to the default page', () => {
    expect(safeRedirectPath(undefined, HOME)).toBe(HOME);
    expect(safeRedirectPath(['/admin'], HOME)).toBe(HOME);
  });
});
