import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabel } from './zod-messages';

const messages = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('plain-words validation messages', () => {
  it('names fields by their label, never their key', () => {
    expect(fieldLabel('emergency_contact_name')).toBe('Emergency contact name');
    expect(fieldLabel('customer_email')).toBe('Email address');
    const schema = z.object({ full_name: z.string().min(1), jersey_number: z.number().int().max(99), email: z.email() });
    const found = messages(schema, { full_name: '', jersey_number: 120, email: 'nope' });
    expect(found).toEqual(['Full name is required', 'Jersey number must be at most 99', 'Enter a valid email address, like name@example.com']);
    for (const text of found) expect(text).not.toMatch(/[a-z]+_[a-z_]+/);
  });

  it('says what is missing, too long or of the wrong kind', () => {
    const schema = z.object({ date_of_birth: z.string(), notes: z.string().max(5), age: z.number(), role: z.enum(['admin', 'staff']) });
    expect(messages(schema, { notes: 'too long', age: 'x', role: 'boss' })).toEqual([
      'Date of birth is required',
      'Notes must be 5 characters or fewer',
      'Age must be a number',
      'Role must be one of: admin, staff',
    ]);
  });

  it("lets a schema's own message win", () => {
    expect(messages(z.object({ name: z.string().min(1, 'Please enter your name') }), { name: '' })).toEqual(['Please enter your name']);
  });
});
