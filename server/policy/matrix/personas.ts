/**
 * The access matrix's vocabulary (issue 30): the personas, the named groups of them, and the shape
 * of a row. The rows themselves: server/policy/matrix/*.ts, gathered in server/policy/access-matrix.ts.
 */

/** The personas: the 13 logins of issue 30 and the ones whose relationship with the club ended. */
export const PERSONAS = [
  'visitor', // not signed in
  'pending', // registered, not approved yet
  'player', // an active adult member of the Senior team
  'left', // a former coach of U12 who left the club (login switched off)
  'junior14', // a 14-year-old with a login of their own, in U12, child of parentA
  'parentA', // primary parent of junior14 and of child9 (9, U9, no login)
  'parentB', // another family: primary parent of otherChild (U12)
  'viewOnlyParent', // view-only parent of child9
  'formerParent', // parent of a child who is now 18
  'coachU12', // coach of the U12 (junior) team, DBS check in date
  'coachSenior', // coach of the Senior team
  'treasurer',
  'secretary',
  'welfareOfficer',
  'admin',
  'coachEnded', // was coach of U9; the staff place has ended
  'parentUnlinked', // was parent of child9; the link was removed
  'switchedOff', // signed in, then the login was switched off
] as const;
export type PersonaName = (typeof PERSONAS)[number];

// ----- Named groups -----
export const EVERYONE: readonly PersonaName[] = PERSONAS;
/** No session that counts: their requests are a visitor's. */
export const SIGNED_OUT: readonly PersonaName[] = ['visitor', 'left', 'switchedOff'];
/** Every login that is on. */
export const SIGNED_IN = PERSONAS.filter((p) => !SIGNED_OUT.includes(p));
/** Signed in and not waiting for approval: members, parents and the club's volunteers. */
export const ACTIVE = SIGNED_IN.filter((p) => p !== 'pending');
export const ADMIN: readonly PersonaName[] = ['admin'];
/** Registrations, news, documents and whole-club messages: the admin and the secretary (members' records themselves: the admin). */
export const CLUB_ADMINS: readonly PersonaName[] = ['admin', 'secretary'];
export const MONEY: readonly PersonaName[] = ['admin', 'treasurer'];
/** Charging members (one, several, teams, a plan, match fees): the treasurer and the secretary (issue 31). */
export const CHARGERS: readonly PersonaName[] = ['admin', 'treasurer', 'secretary'];
export const SAFEGUARDING: readonly PersonaName[] = ['admin', 'welfareOfficer'];
/** Guardians and DBS checks are looked after by the admin, the secretary and the welfare officer. */
export const GUARDIAN_MANAGERS: readonly PersonaName[] = ['admin', 'secretary', 'welfareOfficer'];
/** Medical notes as such: the welfare officer (an admin who is none of a child's people does not read them). */
export const WELFARE: readonly PersonaName[] = ['welfareOfficer'];
/** Who runs a team's match week and training: admin, secretary and the team's current staff. */
export const U12_RUNNERS: readonly PersonaName[] = ['admin', 'secretary', 'coachU12'];
export const SENIOR_RUNNERS: readonly PersonaName[] = ['admin', 'secretary', 'coachSenior'];
/** U9 has no current staff (its coach's place ended). */
export const U9_RUNNERS: readonly PersonaName[] = ['admin', 'secretary'];
/** Everyone who works in the admin panel today. */
export const VOLUNTEERS: readonly PersonaName[] = ['admin', 'secretary', 'treasurer', 'welfareOfficer', 'coachU12', 'coachSenior'];
/** Members with a record of their own (a parent-only login has none). */
export const MEMBERS: readonly PersonaName[] = ['player', 'junior14', 'coachU12', 'coachSenior', 'treasurer', 'secretary', 'welfareOfficer', 'coachEnded'];
/**
 * News (and its images): the admin and the secretary, and team staff as today (the existing news
 * and upload tests have staff of teams writing articles; issue 30 keeps that).
 */
export const NEWS_WRITERS: readonly PersonaName[] = ['admin', 'secretary', 'coachU12', 'coachSenior'];
/** Club roles (not team staff). */
export const CLUB_ROLES: readonly PersonaName[] = ['admin', 'secretary', 'treasurer', 'welfareOfficer'];

// ----- Rows -----
/** The persona making the request, for bodies that name them. */
export interface Me {
  name: PersonaName;
  username?: string;
  password?: string;
  email?: string;
  full_name?: string;
  userId?: string;
  playerId?: string;
}
/** Ids (and a few tokens) of the matrix club's things, by name (tests/support/personas.ts). */
export type Targets = Record<string, string>;
export interface Bind {
  x: Targets;
  me: Me;
  /** The fresh target(s) of this request, for rows with `fresh`. */
  fresh: Record<string, string>;
}
type Value<T> = T | ((bind: Bind) => T);

/** Makers of a new target per request, for writes that use theirs up (tests/support/personas.ts). */
export type FreshKind =
  | 'u12Fixture'
  | 'seniorFixture'
  | 'u12Slot'
  | 'u12Session'
  | 'team'
  | 'juniorTeam'
  | 'news'
  | 'sponsor'
  | 'product'
  | 'order'
  | 'document'
  | 'joinUs'
  | 'charge'
  | 'line'
  | 'statement'
  | 'plan'
  | 'member'
  | 'record'
  | 'leftMember'
  | 'registration'
  | 'registrationOntoStaff'
  | 'roleHolder'
  | 'staffPlace'
  | 'invitation'
  | 'guardianRequest'
  | 'switchedOffMember'
  | 'guardianLink';

export interface Row {
  /** 'METHOD /api/path/{param}' as the OpenAPI document has it, or 'PAGE /path/:param' for a page. */
  op: string;
  /** Path parameters: parameter name → target name (default: a target of the parameter's own name). */
  params?: Record<string, string>;
  query?: Value<string>;
  body?: ((bind: Bind) => unknown) | { [key: string]: unknown };
  /** A multipart body: its fields and a file of this kind. */
  form?: { file: 'pdf' | 'png' | 'csv'; fields?: Value<Record<string, string>> };
  allow: readonly PersonaName[];
  /** Answers an allowed persona may get besides 2xx (a domain answer: 404 nothing there, 409, 422). */
  ok?: readonly number[];
  /** What a refused signed-in persona gets (default 401, 403 or 404). */
  deny?: readonly number[];
  /** For lists: a refused persona may instead get 200 without this target in it. */
  hides?: string;
  /** A new target for each request (the write uses it up). */
  fresh?: FreshKind;
  /** Sign in again for this request (it ends or changes the session). */
  freshSession?: boolean;
  /** Why, in a few words, where the rule is not obvious. */
  why?: string;
}

export const row = (op: string, spec: Omit<Row, 'op'>): Row => ({ op, ...spec });
/** A date this many days from today (YYYY-MM-DD). */
export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** A group without some of its personas. */
export const without = (group: readonly PersonaName[], ...out: PersonaName[]) => group.filter((p) => !out.includes(p));
/** A short random tag, for names and addresses no other request uses. */
export const unique = () => Math.random().toString(36).slice(2, 10);
