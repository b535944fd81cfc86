/**
 * What a visitor chose or typed before React took over the page is kept (ADR 033).
 *
 * An interactive page is usable from its HTML before React loads (ADR 028): a visitor may pick a
 * size, tick an interest or type their name. React 19 leaves the DOM's values alone while it
 * hydrates, but its state still holds what the server rendered: the next render of a controlled
 * control puts the server's value back (a size snaps back), and a textarea with default text has
 * it written over what was typed. So, for every form control on the page:
 *
 * 1. `watchVisitorInput()` (app/entry.client.tsx, just before hydrating) notes each textarea's
 *    value, kept current by input events until React has committed;
 * 2. `readVisitorInput()`, at the hydration commit (a layout effect, before any later render),
 *    lists the controls whose state differs from what React rendered (`defaultValue`,
 *    `defaultChecked`, `defaultSelected`: React sets these from the props while hydrating);
 * 3. `replayVisitorInput()`, right after, gives each one the value the visitor left and fires the
 *    events a person's typing or clicking fires, so every onChange runs and React's state holds
 *    the visitor's choice: nothing is thrown away, and whatever depends on it (a total, an
 *    address field shown for delivery) follows.
 *
 * Browser only; nothing here runs on the server.
 */

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Wanted =
  | { control: HTMLInputElement; kind: 'checked'; checked: boolean }
  | { control: HTMLInputElement | HTMLTextAreaElement; kind: 'value'; value: string; rendered: string }
  | { control: HTMLInputElement; kind: 'files' }
  | { control: HTMLSelectElement; kind: 'selected'; selected: boolean[] };

/** React's record of a control's last value (react-dom's inputValueTracking): reset so a replayed event counts as a change. */
type Tracked = { _valueTracker?: { setValue(value: string): void } | null };

const SKIPPED_TYPES = new Set(['hidden', 'submit', 'button', 'reset', 'image']);

const textareas = new Map<HTMLTextAreaElement, string>();
let stopWatching: (() => void) | undefined;

function controls(): Control[] {
  return Array.from(document.querySelectorAll<Control>('input, textarea, select')).filter(
    (control) => !control.disabled && !(control instanceof HTMLInputElement && SKIPPED_TYPES.has(control.type)),
  );
}

/** Notes every textarea's value now, and as it changes, until `readVisitorInput()`. */
export function watchVisitorInput() {
  for (const control of document.querySelectorAll('textarea')) textareas.set(control, control.value);
  const note = (event: Event) => {
    if (event.target instanceof HTMLTextAreaElement) textareas.set(event.target, event.target.value);
  };
  // A form cleared with its reset button holds its defaults again: what it held before is no longer wanted.
  const forget = (event: Event) => {
    if (event.target instanceof HTMLFormElement) for (const control of event.target.querySelectorAll('textarea')) textareas.delete(control);
  };
  document.addEventListener('input', note, true);
  document.addEventListener('reset', forget, true);
  stopWatching = () => {
    document.removeEventListener('input', note, true);
    document.removeEventListener('reset', forget, true);
  };
}

/** The controls the visitor changed before React took over, with what they left in each. Call at the hydration commit. */
export function readVisitorInput(): Wanted[] {
  stopWatching?.();
  const wanted: Wanted[] = [];
  for (const control of controls()) {
    if (control instanceof HTMLSelectElement) {
      const options = Array.from(control.options);
      const selected = options.map((option) => option.selected);
      // A single select with no option marked selected shows its first.
      const firstByDefault = !control.multiple && !options.some((option) => option.defaultSelected);
      const rendered = options.map((option, index) => option.defaultSelected || (firstByDefault && index === 0));
      if (selected.some((value, index) => value !== rendered[index])) wanted.push({ control, kind: 'selected', selected });
    } else if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
      // A radio group changes through the one now chosen; the one it replaced follows.
      if (control.checked !== control.defaultChecked && (control.type === 'checkbox' || control.checked)) {
        wanted.push({ control, kind: 'checked', checked: control.checked });
      }
    } else if (control instanceof HTMLInputElement && control.type === 'file') {
      if (control.files && control.files.length > 0) wanted.push({ control, kind: 'files' });
    } else {
      // React writes a textarea's default text over its value while hydrating: the noted value is the visitor's.
      const value = control instanceof HTMLTextAreaElement ? (textareas.get(control) ?? control.value) : control.value;
      if (value !== control.defaultValue) wanted.push({ control, kind: 'value', value, rendered: control.defaultValue });
    }
  }
  textareas.clear();
  return wanted;
}

const nativeValueSetter = (control: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control) as object, 'value')?.set;

/** Puts each control back as the visitor left it and fires the events their own input fires, so React's handlers see it. */
export function replayVisitorInput(wanted: Wanted[]) {
  for (const item of wanted) {
    const { control } = item;
    if (!control.isConnected || control.disabled) continue;
    switch (item.kind) {
      case 'checked':
        // Through React's own setter (its tracker notes the opposite), then a real click: onChange runs once.
        item.control.checked = !item.checked;
        item.control.click();
        break;
      case 'value': {
        (control as Tracked)._valueTracker?.setValue(item.rendered);
        if (item.control.value !== item.value) nativeValueSetter(item.control)?.call(item.control, item.value);
        control.dispatchEvent(new Event('input', { bubbles: true }));
        control.dispatchEvent(new Event('change', { bubbles: true }));
        break;
      }
      case 'files':
        control.dispatchEvent(new Event('change', { bubbles: true }));
        break;
      case 'selected':
        Array.from(item.control.options).forEach((option, index) => (option.selected = item.selected[index] ?? false));
        control.dispatchEvent(new Event('input', { bubbles: true }));
        control.dispatchEvent(new Event('change', { bubbles: true }));
        break;
    }
  }
}
