import { paletteCss } from '../../shared/colour';
import type { ClubIdentity } from '../../shared/club';

/** The last identity's CSS, kept: the palette is worked out once per change of colours, not per page. */
let kept: { key: string; css: string } | undefined;

/** `:root{--club-brand-800:…}` for the club's two colours (shared/colour.ts brandPalette). */
export function clubCss(identity: Pick<ClubIdentity, 'primary_colour' | 'secondary_colour'>) {
  const key = `${identity.primary_colour}${identity.secondary_colour}`;
  if (kept?.key !== key) kept = { key, css: paletteCss(identity.primary_colour, identity.secondary_colour) };
  return kept.css;
}
