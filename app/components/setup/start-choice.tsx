/** The form field of /initialize's choice: "false" starts an empty club, "true" loads the sample club (issue 33). */
export const SAMPLE_FIELD = 'sample';
export const START_EMPTY = 'Start with an empty club';
export const LOAD_SAMPLE = 'Load the sample club to look around';

/** Whether the form asked for the sample club; anything else (no choice included) starts empty, as the page does. */
export const asksForSample = (form: FormData) => form.get(SAMPLE_FIELD) === 'true';

const CHOICE =
  'flex min-h-11 cursor-pointer items-start gap-3 rounded-xl bg-white p-3 ring-1 ring-line has-[:checked]:ring-2 has-[:checked]:ring-brand-700';

function Choice({ value, title, children, checked }: { value: 'true' | 'false'; title: string; children: string; checked?: boolean }) {
  const id = `start-${value === 'true' ? 'sample' : 'empty'}`;
  return (
    <label htmlFor={id} className={CHOICE}>
      <input id={id} type="radio" name={SAMPLE_FIELD} value={value} defaultChecked={checked} aria-describedby={`${id}-hint`} className="mt-0.5 size-6 shrink-0 accent-brand-700" />
      <span>
        <span className="block font-semibold text-ink">{title}</span>
        <span id={`${id}-hint`} className="mt-0.5 block text-sm text-muted">
          {children}
        </span>
      </span>
    </label>
  );
}

/** An empty club first and chosen, as a real club wants; the sample club for a look around. Works without JavaScript. */
export function StartChoice() {
  return (
    <fieldset>
      <legend className="text-lg font-bold">How would you like to start?</legend>
      <div className="mt-2 space-y-3">
        <Choice value="false" title={START_EMPTY} checked>
          No sample players, fixtures, news or products. The admin panel’s Today page then walks you through adding your teams,
          your first fixture and your kit, and inviting your committee.
        </Choice>
        <Choice value="true" title={LOAD_SAMPLE}>
          A made-up club’s squad, fixtures, news, sponsors and shop, to try every page out. Its content stays until you
          delete it.
        </Choice>
      </div>
    </fieldset>
  );
}
