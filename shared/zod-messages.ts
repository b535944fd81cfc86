/**
 * Plain-words messages for every validation failure a schema does not word itself, so
 * none shows a raw field name (ADR 026). Zod's own defaults ("Too small: expected string to have >=1
 * characters") reach a volunteer's screen through the API's `detail`; this global error map
 * replaces them with what GOV.UK would write, naming the field by its label, never its key.
 *
 * Imported for its side effect by every shared schema module, so the API and the pages both
 * get it whichever loads first. A schema's own message always wins over this map.
 */
import { z } from 'zod';
import type { $ZodRawIssue } from 'zod/v4/core';

/** Labels for keys whose words alone would read oddly; anything else is the key in words. */
const LABELS: Record<string, string> = {
  customer_name: 'Your name',
  customer_email: 'Email address',
  customer_phone: 'Phone number',
  customer_address: 'Address',
  email: 'Email address',
  phone_number: 'Phone number',
  date_of_birth: 'Date of birth',
  match_date: 'Match date',
  match_time: 'Kick-off time',
  image_url: 'Image',
  image_urls: 'Images',
  logo_url: 'Logo',
  website_url: 'Website',
  team_id: 'Team',
  player_id: 'Player',
  product_id: 'Product',
  fixture_id: 'Match',
  is_published: 'Published',
  is_active: 'Active',
  whatsapp_number: 'WhatsApp number',
  club_email: 'Club e-mail',
  sales_email: 'Sales e-mail',
};

/** `emergency_contact_name` → "Emergency contact name". */
export function fieldLabel(key: PropertyKey | undefined): string {
  if (key === undefined || typeof key === 'symbol') return 'This value';
  if (typeof key === 'number') return `Item ${key + 1}`;
  const known = LABELS[key];
  if (known) return known;
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'This value';
}

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a set of fields',
  date: 'a date',
};

type Issue = $ZodRawIssue;

export function plainMessage(issue: Issue): string | undefined {
  const path = issue.path ?? [];
  const label = fieldLabel(path[path.length - 1]);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return `${label} is required`;
      return `${label} must be ${KINDS[issue.expected] ?? issue.expected}`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? `${label} is required` : `${label} must be at least ${min} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${label} needs at least ${min}`;
      return `${label} must be ${issue.inclusive === false ? 'more than' : 'at least'} ${String(issue.minimum)}`;
    }
    case 'too_big': {
      if (issue.origin === 'string') return `${label} must be ${String(issue.maximum)} characters or fewer`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${label} can have at most ${String(issue.maximum)}`;
      return `${label} must be ${issue.inclusive === false ? 'less than' : 'at most'} ${String(issue.maximum)}`;
    }
    case 'invalid_format':
      switch (issue.format) {
        case 'email':
          return 'Enter a valid email address, like name@example.com';
        case 'url':
          return `${label} must be a web address, like https://example.com`;
        case 'date':
          return `${label} must be a date, like 2026-05-31`;
        case 'datetime':
          return `${label} must be a date and time, like 2026-05-31T15:00`;
        case 'time':
          return `${label} must be a time, like 15:00`;
        default:
          return `${label} is not in the right format`;
      }
    case 'invalid_value':
      return issue.values.length <= 8
        ? `${label} must be one of: ${issue.values.map((v: unknown) => String(v)).join(', ')}`
        : `${label} is not one of the choices`;
    case 'not_multiple_of':
      return `${label} must be a multiple of ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `Unexpected ${issue.keys.length === 1 ? 'field' : 'fields'}: ${issue.keys.join(', ')}`;
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
      return `${label} is not valid`;
    default:
      return undefined;
  }
}

z.config({ customError: plainMessage });
