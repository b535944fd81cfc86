/**
 * The texts that name an erased person in other people's rows (a mail's body, a bank line, a role
 * change): their full names, the forms banks write ("J SMITH", "SMITH J", "SMITH"), their
 * addresses, phone numbers and e-mail addresses. Erasure replaces each with the pseudonym.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export interface TextPattern {
  /** A PostgreSQL regular expression (ARE). */
  regex: string;
  /** 'gi' without case, 'g' exactly as written (upper-case bank forms). */
  flags: 'g' | 'gi';
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const words = (name: string) => name.trim().split(/\s+/).filter(Boolean);

/** Whole-word forms of one full name: "Tom Smith" (any case); "T SMITH", "SMITH T", "SMITH TOM" and "SMITH" in capitals as bank lines write them. */
export function namePatterns(fullName: string): TextPattern[] {
  const parts = words(fullName);
  if (parts.length === 0) return [];
  const whole = (text: string, flags: TextPattern['flags']): TextPattern => ({
    regex: `\\m${parts.length ? escapeRegex(text).replace(/ /g, '\\s+') : ''}\\M`,
    flags,
  });
  const patterns = [whole(parts.join(' '), 'gi')];
  if (parts.length >= 2) {
    const first = parts[0].toUpperCase();
    const last = parts[parts.length - 1].toUpperCase();
    patterns.push(whole(`${first} ${last}`, 'gi'), whole(`${last} ${first}`, 'g'));
    patterns.push(whole(`${first[0]} ${last}`, 'g'), whole(`${first[0]}. ${last}`, 'g'), whole(`${last} ${first[0]}`, 'g'));
    if (last.length >= 3) patterns.push(whole(last, 'g'));
  }
  return patterns;
}

/** A literal text (an address, a phone number, an e-mail address), any case, wherever it appears. */
export function literalPattern(text: string): TextPattern | null {
  const trimmed = text.trim();
  if (trimmed.length < 5) return null;
  return { regex: escapeRegex(trimmed).replace(/ /g, '\\s+'), flags: 'gi' };
}

/** Everything that names the subjects, longest first so a full name goes before its surname alone. */
export function patternsFor(texts: { names: string[]; literals: string[] }): TextPattern[] {
  const all = [...texts.literals.map(literalPattern).filter((p): p is TextPattern => p !== null), ...texts.names.flatMap(namePatterns)];
  const seen = new Set<string>();
  return all
    .filter((p) => (seen.has(p.regex + p.flags) ? false : (seen.add(p.regex + p.flags), true)))
    .sort((a, b) => b.regex.length - a.regex.length);
}

/** The column's value with every pattern replaced by the pseudonym (text, text[] and jsonb columns). */
export function replacedValue(column: AnyPgColumn, patterns: TextPattern[], pseudonym: string): SQL {
  const type = column.getSQLType();
  let expr: SQL = type === 'text' ? sql`${sql.identifier(column.name)}` : sql`${sql.identifier(column.name)}::text`;
  for (const p of patterns) expr = sql`regexp_replace(${expr}, ${p.regex}::text, ${pseudonym}::text, ${p.flags}::text)`;
  return type === 'text' ? expr : sql`(${expr})::${sql.raw(type)}`;
}
