/**
 * A closed list of codes and the words the pages use for them, written once: the labels name
 * every code, and the codes (in the order written, for `z.enum`, `pgEnum` and selects) are read
 * from them.
 *
 *   export const SPONSOR_TIER_LABELS = { main: 'Main sponsor', partner: 'Partner', supporter: 'Supporter' };
 *   export type SponsorTier = keyof typeof SPONSOR_TIER_LABELS;
 *   export const SPONSOR_TIERS = codesOf(SPONSOR_TIER_LABELS); // ['main', 'partner', 'supporter']
 */
export function codesOf<K extends string>(labels: Record<K, string>): readonly [K, ...K[]] {
  return Object.keys(labels) as [K, ...K[]];
}
