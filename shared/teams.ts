import { z } from 'zod';
import './zod-messages';
import { clearable, optionalText, requiredText } from './fields';
import { addDaysIso, clubDateField, isRealDate, londonDateParts } from './dates';
import { AGE_GROUPS, TEAM_FORMATS } from './juniors';
import { DEFAULT_AVAILABILITY_LOCK_HOURS, DEFAULT_MATCH_LENGTH_MINUTES, TRAINING_HORIZON_WEEKS, TRAINING_SESSION_KINDS } from './teams-constants';

export * from './teams-constants';

/** The zod schemas of teams and training (shared by the API and the admin forms) and club-time arithmetic. */

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`);

/** "U14 Girls" → "u14-girls": the fixtures filter link. */
export function slugify(name: string) {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** POST /api/teams and PUT /api/teams/{id}. */
export const teamInputSchema = z.object({
  name: requiredText('Name', 60).refine((v) => slugify(v) !== '', 'Name must contain a letter or a digit'),
  sort_order: wholeNumber('Sort order', 0, 1000).nullish(),
  match_length_minutes: wholeNumber('Match length (minutes)', 10, 300).default(DEFAULT_MATCH_LENGTH_MINUTES),
  availability_lock_hours: wholeNumber('Availability lock (hours)', 0, 168).default(DEFAULT_AVAILABILITY_LOCK_HOURS),
  /** Issue 23: U7-U18 make a junior team (U7-U11 publish no results). Left out: Open for a new team, unchanged on an edit. */
  age_group: z.enum(AGE_GROUPS, { error: `Age group must be one of ${AGE_GROUPS.join(', ')}` }).optional(),
  /** How many a side, this season. Left out: 11v11 for a new team, unchanged on an edit. */
  format: z.enum(TEAM_FORMATS, { error: `Format must be one of ${TEAM_FORMATS.join(', ')}` }).optional(),
});
export type TeamInput = z.infer<typeof teamInputSchema>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(TIME, `${label} must be HH:MM (24-hour)`);

const optionalTime = (label: string) =>
  z
    .string({ error: `${label} must be HH:MM (24-hour)` })
    .trim()
    .regex(/^(([01]\d|2[0-3]):[0-5]\d)?$/, `${label} must be HH:MM (24-hour)`)
    .nullish()
    .transform((v) => (v ? v : null));

const answerBy = z.iso
  .datetime({ offset: true, message: 'Answer by must be an ISO 8601 date-time' })
  .nullish()
  // A string still (the route and the service both parse the body): the service makes it a Date.
  .transform((v) => (v ? new Date(v).toISOString() : null));
/** PATCH fields: omitted stays undefined (kept), null or blank clears. */
const patchText = (label: string, max: number, pattern?: RegExp, message?: string) =>
  clearable(
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .regex(pattern ?? /[\s\S]*/, message ?? `${label} is not valid`),
  );
const patchAnswerBy = z.iso
  .datetime({ offset: true, message: 'Answer by must be an ISO 8601 date-time' })
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v ? new Date(v).toISOString() : null));

/** A break in weekly training (holidays, end of season): no sessions from starts_on to ends_on, both included. */
export const trainingBreakSchema = z
  .object({
    name: optionalText('Break name', 60).transform((v) => v ?? 'Break'),
    starts_on: clubDateField('Break start'),
    ends_on: clubDateField('Break end'),
  })
  .refine((v) => v.ends_on >= v.starts_on, { message: 'A break must end on or after its start', path: ['ends_on'] });

/** POST /api/teams/{id}/training-slots and PUT /api/training-slots/{id}. */
export const trainingSlotInputSchema = z
  .object({
    weekday: wholeNumber('Day of week (1 = Monday … 7 = Sunday)', 1, 7),
    start_time: timeField('Start time'),
    end_time: timeField('End time'),
    place: requiredText('Place', 200),
    /** The last date it runs (included); omitted or null: no end. */
    ends_on: clubDateField('Ends on')
      .nullish()
      .transform((v) => v ?? null),
    /** PUT replaces the list: send the breaks to keep. */
    breaks: z.array(trainingBreakSchema, { error: 'Breaks must be a list of {name, starts_on, ends_on}' }).max(30, 'At most 30 breaks').default([]),
  })
  .refine((v) => v.end_time > v.start_time, { message: 'End time must be after the start time', path: ['end_time'] });

/** POST /api/training-sessions: a one-off training session or another team event (issue 22). */
export const oneOffSessionInputSchema = z
  .object({
    team_id: z.uuid('team_id must be a team id (UUID)'),
    kind: z.enum(TRAINING_SESSION_KINDS, { error: 'Kind must be one of training, tournament, social, meeting' }).default('training'),
    title: optionalText('Title', 100),
    date: clubDateField('Date'),
    start_time: timeField('Start time'),
    end_time: timeField('End time'),
    place: requiredText('Place', 200),
    address: optionalText('Address', 300),
    meet_time: optionalTime('Meet time'),
    kit: optionalText('Kit', 200),
    notes: optionalText('Notes', 2000),
    /** Answers wanted by then: an ISO 8601 date-time, before the start. */
    answer_by: answerBy,
  })
  .refine((v) => v.end_time > v.start_time, { message: 'End time must be after the start time', path: ['end_time'] })
  .refine((v) => !v.meet_time || v.meet_time <= v.start_time, { message: 'Meet time must be at or before the start time', path: ['meet_time'] })
  .refine((v) => !v.answer_by || new Date(v.answer_by) < clubInstant(v.date, v.start_time), {
    message: 'Answer by must be before the start',
    path: ['answer_by'],
  });
export type OneOffSessionInput = z.infer<typeof oneOffSessionInputSchema>;
export type TrainingSlotInput = z.infer<typeof trainingSlotInputSchema>;

/** PATCH /api/training-sessions/{id}: cancel, reinstate or move one session. */
export const trainingSessionPatchSchema = z
  .object({
    /** The version (updated_at) this save is based on; a newer save since answers 409 (issue 22). */
    version: z.string({ error: 'version must be text' }).max(40, 'version must be text').optional(),
    status: z.enum(['scheduled', 'cancelled'], { error: 'Status must be scheduled or cancelled' }).optional(),
    date: clubDateField('Date').optional(),
    start_time: timeField('Start time').optional(),
    end_time: timeField('End time').optional(),
    place: requiredText('Place', 200).optional(),
    /** Issue 22: a session's details; null or '' clears one, omitted keeps it. */
    title: patchText('Title', 100),
    meet_time: patchText('Meet time', 5, /^(([01]\d|2[0-3]):[0-5]\d)?$/, 'Meet time must be HH:MM (24-hour)'),
    kit: patchText('Kit', 200),
    notes: patchText('Notes', 2000),
    address: patchText('Address', 300),
    answer_by: patchAnswerBy,
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Nothing to change: send status, date, start_time, end_time, place, title, meet_time, kit, notes, address or answer_by',
  });
export type TrainingSessionPatch = z.infer<typeof trainingSessionPatchSchema>;

export const trainingSessionQuerySchema = z.object({
  team_id: z.string().trim().max(100).optional(),
  from: clubDateField('from').optional(),
  to: clubDateField('to').optional(),
});

/** PUT /api/training-sessions/{id}/attendance. */
export const attendanceInputSchema = z.object({
  present: z
    .array(z.uuid('Each player must be chosen from the list'), { error: 'Present players must be a list of players' })
    .max(500, 'present lists at most 500 players')
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
});

// ---------------------------------------------------------------------------------------------
// Club time (Europe/London) arithmetic

/** London's wall clock of an instant, as minutes since the epoch (to compare with a UTC reading). */
function londonWallMinutes(instant: Date) {
  const p = londonDateParts(instant);
  return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute) / 60000;
}

/**
 * The instant at which London's clock reads `date` `time` ("2026-07-07", "19:00" → 18:00Z in BST,
 * 19:00Z in GMT). A wall time skipped by the spring change is taken an hour later; one repeated in
 * autumn is its first occurrence.
 */
export function clubInstant(date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm) / 60000;
  // London is UTC+0 or UTC+1: try the larger offset first so a repeated hour gives the first one.
  for (const offset of [60, 0]) {
    const instant = new Date((wall - offset) * 60000);
    if (londonWallMinutes(instant) === wall) return instant;
  }
  return new Date((wall - 0) * 60000); // the skipped hour (01:00-02:00 on the spring Sunday): GMT reading
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a 'YYYY-MM-DD'. */
export const isoWeekdayOf = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

export interface SlotLike {
  id: string;
  team_id: string;
  weekday: number;
  start_time: string;
  end_time: string;
  place: string;
  ends_on?: string | null;
  breaks?: Array<{ starts_on: string; ends_on: string }>;
}

/** Whether a weekly slot runs on this date: not after its end, not inside a break. */
export const slotRunsOn = (slot: SlotLike, date: string) =>
  (!slot.ends_on || date <= slot.ends_on) && !(slot.breaks ?? []).some((b) => date >= b.starts_on && date <= b.ends_on);

/**
 * The dated sessions a weekly slot stands for, from `fromDate` (club date, included) for
 * `weeks` weeks: the rows server/services/training/ inserts (idempotently, by team+slot+date).
 */
export function sessionsForSlot(slot: SlotLike, fromDate: string, weeks = TRAINING_HORIZON_WEEKS) {
  if (!isRealDate(fromDate)) throw new Error(`not a date: ${fromDate}`);
  const first = addDaysIso(fromDate, (slot.weekday - isoWeekdayOf(fromDate) + 7) % 7);
  const out = [];
  for (let date = first; date < addDaysIso(fromDate, weeks * 7); date = addDaysIso(date, 7)) {
    if (!slotRunsOn(slot, date)) continue;
    out.push({
      team_id: slot.team_id,
      slot_id: slot.id,
      session_date: date,
      starts_at: clubInstant(date, slot.start_time),
      ends_at: clubInstant(date, slot.end_time),
      place: slot.place,
    });
  }
  return out;
}
