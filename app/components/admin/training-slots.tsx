/** A team's weekly training slots in the admin Training page: end date, breaks, and match-day warnings (issue 22). */
import { ISO_WEEKDAYS, weekdayName } from '../../../shared/teams-constants';
import type { Team, TrainingSlot as Slot } from '../../../shared/contracts/teams';
import { formatLongDateGB } from '../../../shared/dates';
import { toast } from '../ui/toast';
import { client, type Call, type JsonOf } from '../../lib/api-client';
import { resourceFor } from './resource-tab';

/** A slot as the form edits it: its breaks one per line. */
export type SlotRow = Omit<Slot, 'breaks'> & { breaks: string; break_list: Slot['breaks'] };

export const BREAKS_HINT = 'One per line: 2026-12-21 to 2027-01-03 Christmas';
const BREAK_LINE = /^\s*(\S+)\s+to\s+(\S+)\s*(.*)$/i;

export const formatBreaks = (breaks: Slot['breaks']) => breaks.map((b) => `${b.starts_on} to ${b.ends_on}${b.name && b.name !== 'Break' ? ` ${b.name}` : ''}`).join('\n');

/** "2026-12-21 to 2027-01-03 Christmas" lines as breaks; a line that does not read so is sent as it is, for the API to name. */
export function parseBreaks(text: unknown) {
  if (typeof text !== 'string') return [];
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const m = BREAK_LINE.exec(line);
      return m ? { starts_on: m[1], ends_on: m[2], name: m[3].trim() || null } : { starts_on: line.trim(), ends_on: line.trim(), name: null };
    });
}

export const toSlotRows = (slots: Slot[]): SlotRow[] => slots.map((s) => ({ ...s, breaks: formatBreaks(s.breaks), break_list: s.breaks }));

/** The form's breaks (text, one per line) as the API takes them. */
const withBreaks = <Slot extends { breaks: string | null }>({ breaks, ...slot }: Slot) => ({ ...slot, breaks: parseBreaks(breaks) });

/** The answer's warnings (sessions on a match day) as a toast that stays until closed. */
async function warnOf(call: Call): Call {
  const res = await call;
  if (res.ok) {
    const body = (await res.clone().json().catch(() => null)) as { warnings?: string[] } | null;
    if (body?.warnings?.length) toast.warning('Training on a match day', { description: body.warnings.join('\n'), duration: Infinity });
  }
  return res;
}

/** A team's weekly slots: they make the dated sessions (changes reach the sessions nobody moved or cancelled). */
export const slotConfig = (team: Team) =>
  resourceFor<SlotRow, JsonOf<(typeof client.teams)[':id']['training-slots']['$post']>>()({
  resource: 'Training slot',
  title: `Weekly training: ${team.name}`,
  description:
    'Each slot makes a session every week for the next 8 weeks, until its end date and not during its breaks. Changing a slot changes its sessions nobody has moved or cancelled.',
  calls: {
    create: (payload) => warnOf(client.teams[':id']['training-slots'].$post({ param: { id: team.id }, json: withBreaks(payload) })),
    update: (id, payload) => warnOf(client['training-slots'][':id'].$put({ param: { id }, json: withBreaks(payload) })),
    remove: (id) => client['training-slots'][':id'].$delete({ param: { id } }),
  },
  rowLabel: (s) => `${team.name} ${weekdayName(s.weekday)} ${s.start_time}`,
  empty: 'No weekly training for this team yet.',
  columns: [
    { header: 'Day', cell: (s) => <span className="font-semibold">{weekdayName(s.weekday)}</span> },
    { header: 'Time', cell: (s) => `${s.start_time} – ${s.end_time}` },
    { header: 'Place', cell: (s) => s.place },
    {
      header: 'Runs',
      cell: (s) => (
        <span className="text-sm">
          {s.ends_on ? `Until ${formatLongDateGB(s.ends_on)}` : 'No end date'}
          {s.break_list.map((b) => (
            <span key={`${b.starts_on}-${b.ends_on}`} className="block text-muted">
              {b.name}: {formatLongDateGB(b.starts_on)} – {formatLongDateGB(b.ends_on)}
            </span>
          ))}
        </span>
      ),
    },
  ],
  fields: [
    { name: 'weekday', label: 'Day', type: 'select', required: true, numeric: true, options: ISO_WEEKDAYS.map((day, i) => ({ value: String(i + 1), label: day })) },
    { name: 'place', label: 'Place', type: 'text', required: true },
    { name: 'start_time', label: 'Start', type: 'time', required: true },
    { name: 'end_time', label: 'End', type: 'time', required: true },
    { name: 'ends_on', label: 'Ends on', type: 'date', hint: 'Optional: the last day it runs' },
    { name: 'breaks', label: 'Breaks', type: 'textarea', wide: true, hint: BREAKS_HINT },
  ],
  defaults: { weekday: '2', start_time: '19:00', end_time: '21:00', place: 'Main training ground' },
});
