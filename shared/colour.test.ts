import { describe, expect, it } from 'vitest';
import { brandPalette, contrastRatio, formatRatio, primaryColourProblem, secondaryColourProblem } from './colour';

describe('club colours (issue 33)', () => {
  it('measures contrast by WCAG 2.2 and never shows a failing ratio as 4.5', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(formatRatio(contrastRatio('#7fd3ff', '#ffffff'))).toBe('1.7:1');
    expect(formatRatio(4.46)).toBe('4.4:1');
    expect(formatRatio(4.5)).toBe('4.5:1');
  });

  it('refuses a primary colour white text fails on, naming the figure and a darker shade of the same hue that passes', () => {
    expect(primaryColourProblem('#14532d')).toBeNull();
    const problem = primaryColourProblem('#7FD3FF')!;
    expect(problem).toMatch(/^White text on #7fd3ff has a contrast of 1\.7:1; it needs 4\.5:1\. Try (#[0-9a-f]{6})\.$/);
    const shade = /Try (#[0-9a-f]{6})/.exec(problem)![1];
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(shade, '#ffffff')).toBeLessThan(5); // the nearest that passes, not black
  });

  it('refuses a secondary colour that does not read on the primary, suggesting one that does', () => {
    expect(secondaryColourProblem('#facc15', '#14532d')).toBeNull();
    const problem = secondaryColourProblem('#2a6e40', '#14532d')!;
    const shade = /Try (#[0-9a-f]{6})/.exec(problem)![1];
    expect(contrastRatio(shade, '#14532d')).toBeGreaterThanOrEqual(4.5);
  });

  it('derives every shade so each pairing the pages use passes 4.5:1, for any pair of colours that passes', () => {
    const pairs = [
      ['#14532d', '#facc15'],
      ['#7f1d1d', '#fde68a'],
      ['#1e3a8a', '#ffffff'],
      ['#767676', '#ffffff'], // a primary right at the limit
      ['#000000', '#ff0000'],
    ];
    for (const [primary, secondary] of pairs) {
      expect(primaryColourProblem(primary)).toBeNull();
      expect(secondaryColourProblem(secondary, primary)).toBeNull();
      const p = brandPalette(primary, secondary);
      const why = `${primary}/${secondary}`;
      expect(p['brand-800'], why).toBe(primary);
      expect(p['gold-400'], why).toBe(secondary);
      for (const tint of ['brand-50', 'brand-100', 'brand-200']) expect(contrastRatio(p[tint], primary), `${why} ${tint}`).toBeGreaterThanOrEqual(4.5);
      for (const text of ['brand-600', 'brand-700', 'gold-700', 'gold-800']) {
        expect(contrastRatio(p[text], '#ffffff'), `${why} ${text} on white`).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(p[text], p['brand-50']), `${why} ${text} on brand-50`).toBeGreaterThanOrEqual(4.5);
      }
      for (const dark of ['brand-900', 'brand-950']) expect(contrastRatio(p[dark], '#ffffff'), `${why} ${dark}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
