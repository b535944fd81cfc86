/**
 * The club's colours, worked out in code (issue 33, ADR 058): the contrast of
 * two colours by WCAG 2.2's formula, a shade that passes when a chosen colour does not, and the
 * brand/accent scales the pages' CSS uses, derived from the two colours the club picks. No shade is
 * typed anywhere else; every pairing the pages use for text is checked here.
 */

/** WCAG 2.2 AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

type Rgb = [number, number, number];

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

function toRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: Rgb) {
  return `#${rgb.map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;
}

/** `amount` 0 keeps `from`, 1 gives `to`. */
function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return [0, 1, 2].map((i) => from[i] + (to[i] - from[i]) * amount) as Rgb;
}

function luminance(rgb: Rgb) {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function ratio(a: Rgb, b: Rgb) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The contrast of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string) {
  return ratio(toRgb(a), toRgb(b));
}

/**
 * A ratio as people read it, "1.7:1": one decimal, except that a colour that fails never reads as
 * passing (4.46 shows as 4.4, not 4.5).
 */
export function formatRatio(value: number) {
  let shown = Math.round(value * 10) / 10;
  if (value < MIN_TEXT_CONTRAST && shown >= MIN_TEXT_CONTRAST) shown = MIN_TEXT_CONTRAST - 0.1;
  return `${shown.toFixed(1)}:1`;
}

/**
 * The closest shade of `colour` (mixed towards `towards`) that reaches `min` against `against`: the
 * first step of 1 % that passes. `towards` itself must pass (white or black against a colour does).
 */
function passingShade(colour: Rgb, against: Rgb, towards: Rgb, min = MIN_TEXT_CONTRAST): Rgb {
  for (let step = 0; step <= 100; step++) {
    const shade = mix(colour, towards, step / 100);
    // Rounded as it will be written, so the written colour passes too.
    const written = toRgb(toHex(shade));
    if (ratio(written, against) >= min) return written;
  }
  return towards;
}

function toHsl([r, g, b]: Rgb): [number, number, number] {
  const [rs, gs, bs] = [r / 255, g / 255, b / 255];
  const max = Math.max(rs, gs, bs);
  const min = Math.min(rs, gs, bs);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const sat = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rs ? (gs - bs) / d + (gs < bs ? 6 : 0) : max === gs ? (bs - rs) / d + 2 : (rs - gs) / d + 4;
  return [h * 60, sat, l];
}

function fromHsl(h: number, sat: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/**
 * The nearest shade of the same hue and saturation (lightness moved by 1 % steps, darker or
 * lighter) that reaches 4.5:1 against `against`: what the refusal suggests.
 */
function sameHueShade(colour: string, against: string, direction: 'darker' | 'lighter') {
  const [h, sat, l] = toHsl(toRgb(colour));
  const bg = toRgb(against);
  for (let step = 0; step <= 100; step++) {
    const lightness = direction === 'darker' ? Math.max(0, l - step / 100) : Math.min(1, l + step / 100);
    const written = toRgb(toHex(fromHsl(h, sat, lightness)));
    if (ratio(written, bg) >= MIN_TEXT_CONTRAST) return toHex(written);
  }
  return direction === 'darker' ? '#000000' : '#ffffff';
}

/** A darker shade of `colour` that white text passes on (the suggestion for a refused primary colour). */
export function darkerForWhiteText(colour: string) {
  return sameHueShade(colour, '#ffffff', 'darker');
}

/** A shade of `colour` that reads on the (dark) `background`: the suggestion for a refused secondary colour. */
export function lighterOn(colour: string, background: string) {
  const bg = toRgb(background);
  return sameHueShade(colour, background, ratio(WHITE, bg) >= ratio(BLACK, bg) ? 'lighter' : 'darker');
}

/**
 * The two checks a club's colours must pass, as the pages use them (ADR 058):
 * - the primary colour carries white text (header, footer, buttons, the hero) and is text on white;
 * - the secondary colour is text on the primary (the header's "FC", the active link) and carries the
 *   darkest brand shade as text (the accent button), which is darker than the primary.
 * Answers the refusal, in the words the admin reads, or null when the colour passes.
 */
export function primaryColourProblem(primary: string): string | null {
  const value = contrastRatio(primary, '#ffffff');
  if (value >= MIN_TEXT_CONTRAST) return null;
  return `White text on ${primary.toLowerCase()} has a contrast of ${formatRatio(value)}; it needs ${MIN_TEXT_CONTRAST}:1. Try ${darkerForWhiteText(primary)}.`;
}

export function secondaryColourProblem(secondary: string, primary: string): string | null {
  const value = contrastRatio(secondary, primary);
  if (value >= MIN_TEXT_CONTRAST) return null;
  return `Text in ${secondary.toLowerCase()} on ${primary.toLowerCase()} has a contrast of ${formatRatio(value)}; it needs ${MIN_TEXT_CONTRAST}:1. Try ${lighterOn(secondary, primary)}.`;
}

/** Tints of the primary (light backgrounds, text on the primary) and how much white each mixes in. */
const BRAND_TINTS = { 50: 0.94, 100: 0.84, 200: 0.66 } as const;

/**
 * The CSS the pages' colours come from: `--club-brand-*` and `--club-gold-*` custom properties
 * (app/app.css points Tailwind's brand-* and gold-* at them). Every shade is derived from the two
 * colours, and nudged where needed so each pairing the pages use for text still reaches 4.5:1:
 * tints (50-200) are text on the primary, 600/700 are text on white and on the 50 tint, 900/950 are darker than the
 * primary; gold 400 is text on the primary, 300 on the primary under a 15 % white wash, 700/800 text on white and on the 50 tint.
 */
export function brandPalette(primary: string, secondary: string): Record<string, string> {
  const p = toRgb(primary);
  const s = toRgb(secondary);
  const palette: Record<string, string> = {};
  for (const [step, amount] of Object.entries(BRAND_TINTS)) {
    palette[`brand-${step}`] = toHex(passingShade(mix(p, WHITE, amount), p, WHITE));
  }
  // Text on white and on the lightest tint (cards, badges): checked against the tint, the darker of the two.
  const light = toRgb(palette['brand-50']);
  palette['brand-600'] = toHex(passingShade(mix(p, WHITE, 0.2), light, BLACK));
  palette['brand-700'] = toHex(passingShade(mix(p, WHITE, 0.1), light, BLACK));
  palette['brand-800'] = toHex(p);
  palette['brand-900'] = toHex(mix(p, BLACK, 0.28));
  palette['brand-950'] = toHex(mix(p, BLACK, 0.55));
  // The header's current page: gold-300 text on a 15 % white wash over the primary (bg-white/15).
  // As the browser blends it (whole numbers), with a little room for the blending's rounding.
  palette['gold-300'] = toHex(passingShade(mix(s, WHITE, 0.3), toRgb(toHex(mix(p, WHITE, 0.15))), WHITE, MIN_TEXT_CONTRAST + 0.1));
  palette['gold-400'] = toHex(s);
  palette['gold-500'] = toHex(mix(s, BLACK, 0.08));
  palette['gold-700'] = toHex(passingShade(mix(s, BLACK, 0.35), light, BLACK));
  palette['gold-800'] = toHex(passingShade(mix(s, BLACK, 0.5), light, BLACK));
  return palette;
}

/** `:root{--club-brand-800:#14532d;…}`, written once per identity into every page's <head>. */
export function paletteCss(primary: string, secondary: string) {
  const vars = Object.entries(brandPalette(primary, secondary))
    .map(([name, value]) => `--club-${name}:${value}`)
    .join(';');
  return `:root{${vars}}`;
}
