import { describe, expect, expectTypeOf, it } from 'vitest';
import { changedStats, parseStat } from './player-sections';
import { fieldsFor, formatLinks, parseLinks, splitList, toFormValues, toPayload, type FieldConfig } from './resource-tab';

const fields: FieldConfig[] = [
  { name: 'name', label: 'Name', type: 'text', required: true },
  { name: 'price', label: 'Price', type: 'money', required: true },
  { name: 'stock', label: 'Stock', type: 'number', required: true },
  { name: 'sizes', label: 'Sizes', type: 'list' },
  { name: 'summary', label: 'Summary', type: 'textarea' },
  { name: 'is_published', label: 'Published', type: 'checkbox' },
  { name: 'social_media', label: 'Social links', type: 'links' },
];

describe('the admin modal payload', () => {
  it('sends numbers as numbers, comma-separated text as trimmed lists, booleans, and blank optional fields as null', () => {
    const { payload, errors } = toPayload(fields, {
      name: '  Scarf ',
      price: '12.5',
      stock: '7',
      sizes: ' S, M ,, L ',
      summary: '   ',
      is_published: true,
      social_media: 'Instagram: https://instagram.com/rovers\n\nX: https://x.com/rovers',
    });
    expect(errors).toEqual({});
    expect(payload).toEqual({
      name: 'Scarf',
      price: 12.5,
      stock: 7,
      sizes: ['S', 'M', 'L'],
      summary: null,
      is_published: true,
      social_media: { Instagram: 'https://instagram.com/rovers', X: 'https://x.com/rovers' },
    });
  });

  it('flags required blanks and bad numbers instead of sending them', () => {
    const { errors } = toPayload(fields, { name: '', price: 'abc', stock: '1.5', sizes: '', summary: '', is_published: false, social_media: 'not a link' });
    expect(errors).toEqual({
      name: 'Name is required',
      price: 'Price must be a number',
      stock: 'Stock must be a whole number',
      social_media: 'Write each link on its own line as Name: https://…',
    });
  });

  it('shows a row in the form: lists joined with commas, links one per line, missing values blank', () => {
    const values = toFormValues(fields, { name: 'Mug', price: 8, stock: 0, sizes: ['One size'], summary: null, is_published: false, social_media: { TikTok: 'https://tiktok.com/@r' } });
    expect(values).toEqual({ name: 'Mug', price: '8', stock: '0', sizes: 'One size', summary: '', is_published: false, social_media: 'TikTok: https://tiktok.com/@r' });
    expect(parseLinks(formatLinks({ a: 'https://a.example' }))).toEqual({ a: 'https://a.example' });
    expect(splitList(' a ,b,, c')).toEqual(['a', 'b', 'c']);
  });
});

describe('the payload typed from the field list (issue 32: admin writes checked by the typecheck)', () => {
  type Input = { name: string; tier?: 'main' | 'partner'; weekday: number; stock?: number | null; sizes?: string[]; summary?: string | null };
  const typed = fieldsFor<Input>()([
    { name: 'name', label: 'Name', type: 'text', required: true },
    { name: 'tier', label: 'Tier', type: 'select', required: true, options: [{ value: 'main', label: 'Main' }, { value: 'partner', label: 'Partner' }] },
    { name: 'weekday', label: 'Day', type: 'select', required: true, numeric: true, options: [{ value: '1', label: 'Monday' }] },
    { name: 'stock', label: 'Stock', type: 'number' },
    { name: 'sizes', label: 'Sizes', type: 'list' },
    { name: 'summary', label: 'Summary', type: 'select', options: [{ value: '', label: 'None' }, { value: 'Short', label: 'Short' }, { value: 'Long', label: 'Long' }] },
  ]);

  it('gives each field the type it is sent as, so the typed client checks it against the input', () => {
    const { payload, errors } = toPayload(typed, { name: ' Ann ', tier: 'main', weekday: '1', stock: '', sizes: 'S, M', summary: '' });
    expect(errors).toEqual({});
    expect(payload).toEqual({ name: 'Ann', tier: 'main', weekday: 1, stock: null, sizes: ['S', 'M'], summary: null });
    expectTypeOf(payload).toEqualTypeOf<{
      name: string;
      tier: 'main' | 'partner';
      weekday: number;
      stock: number | null;
      sizes: string[];
      summary: 'Short' | 'Long' | null;
    }>();
    expectTypeOf(payload).toExtend<Input>();
  });

  it('refuses a field the input does not have', () => {
    // @ts-expect-error: 'nmae' is not a field of Input (a renamed input field fails the admin form's typecheck).
    const misspelt = fieldsFor<Input>()([{ name: 'nmae', label: 'Name', type: 'text', required: true }]);
    expect(misspelt).toHaveLength(1);
  });
});

describe('stat edits (docs/product.md#admin-panel)', () => {
  it('sends only the values that changed, parsed as integers with 0 as the fallback', () => {
    const initial = { matches_played: '3', matches_started: '2', goals: '1', assists: '0', minutes_played: '200', yellow_cards: '0', red_cards: '0' };
    expect(changedStats(initial, { ...initial })).toEqual({});
    expect(changedStats(initial, { ...initial, goals: '4', assists: 'x', minutes_played: '250.9' })).toEqual({ goals: 4, assists: 0, minutes_played: 250 });
    expect(parseStat('')).toBe(0);
    expect(parseStat('12abc')).toBe(12);
  });
});
