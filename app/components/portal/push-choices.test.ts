import { describe, expect, it } from 'vitest';
import { MAIL_PREFERENCES } from '../../../shared/mail';
import { PUSH_KINDS, pushField, pushTextFor } from '../../../shared/push-routing';
import { pushChoicesInput, pushChoicesOf } from './push-choices';

describe('The push choices on the account page', () => {
  it('lists the kinds that can go by push, with their words, and none of the e-mail-only ones', () => {
    const preferences = [
      { kind: 'message', label: 'Messages from the club', email: true, push: false, push_label: 'Messages from the club' },
      { kind: 'selection', label: 'Match week: team selection', email: false, push: true, push_label: 'Squad and team sheet published' },
      { kind: 'other', label: 'Mail only', email: true },
    ];
    expect(pushChoicesOf(preferences)).toEqual([
      { kind: 'message', label: 'Messages from the club', push: false },
      { kind: 'selection', label: 'Squad and team sheet published', push: true },
    ]);
    expect(pushChoicesOf(null)).toEqual([]);
  });

  it('sends every kind, ticked or not (an unticked box is not in the form)', () => {
    const form = new FormData();
    form.set(pushField('selection'), 'on');
    const input = pushChoicesInput(form);
    expect(Object.keys(input.push).sort()).toEqual(PUSH_KINDS.map((k) => k.id).sort());
    expect(input.push.selection).toBe(true);
    expect(Object.entries(input.push).filter(([, on]) => on)).toEqual([['selection', true]]);
  });
});

describe('PUSH_KINDS', () => {
  it('are mail preferences, each once, and their lock-screen words name the club by its short name only', () => {
    const ids = PUSH_KINDS.map((k) => k.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(MAIL_PREFERENCES.some((p) => p.id === id)).toBe(true);
    expect(pushTextFor('paymentRequest', 'Hartfield')).toEqual({ kind: 'payment', title: 'Payment request from Hartfield', body: 'Open to see it', path: '/players-area/payments' });
    expect(pushTextFor('squadSelection', 'Hartfield')).toMatchObject({ kind: 'selection', title: 'Team sheet published', body: 'Open to see it' });
    expect(pushTextFor('paymentReceipt', 'Hartfield')).toBeUndefined();
    for (const kind of PUSH_KINDS) for (const text of Object.values(kind.templates)) expect(text.path).toMatch(/^\/[a-z]/);
  });
});
