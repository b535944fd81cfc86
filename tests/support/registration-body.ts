/** A complete POST /api/players/register body (no test runner needed: the access matrix's rows use it too). */
import { randomBytes } from 'node:crypto';

/** A valid registration with every field; pass any to override (undefined leaves it out). */
export function registration(overrides: Record<string, unknown> = {}) {
  const name = `reg_${randomBytes(4).toString('hex')}`;
  return {
    username: name,
    password: 'kick-off at 3',
    email: `${name}@example.com`,
    full_name: 'Riley Registered',
    phone_number: '07700 900123',
    date_of_birth: '1995-04-12',
    position_preference: 'Defender',
    emergency_contact_name: 'Pat Registered',
    emergency_contact_phone: '07700 900456',
    medical_notes: 'Asthma (inhaler in bag)',
    previous_club: 'Hilltop Harriers',
    ...overrides,
  };
}
