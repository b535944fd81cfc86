/** /initialize (issue 33): the club's name and colour, asked before anything else is made. Works without JavaScript. */
import { TextField } from '../ui/field';
import { fieldId } from '../ui/error-summary';

export const CLUB_NAME_FIELD = 'club_name';
export const SHORT_NAME_FIELD = 'short_name';
export const PRIMARY_COLOUR_FIELD = 'primary_colour';
export const SECONDARY_COLOUR_FIELD = 'secondary_colour';
export const CREST_FIELD = 'crest';
/** The sample club's gold; left as it is, the first run picks a shade that reads on the club colour. */
export const DEFAULT_SECONDARY = '#facc15';
/** The sample club's green: white text reads on it at 10.4:1. */
export const DEFAULT_PRIMARY = '#14532d';
export const CLUB_NAME_NEEDED = 'Enter your club’s name';

const HEX = /^#[0-9a-f]{6}$/i;

/** What the form says of the club, checked as the API would (lengths, a #rrggbb colour); the contrast is the server's. */
export function clubNameFrom(form: FormData, sample: boolean) {
  const name = String(form.get(CLUB_NAME_FIELD) ?? '').trim();
  const short = String(form.get(SHORT_NAME_FIELD) ?? '').trim();
  const colour = String(form.get(PRIMARY_COLOUR_FIELD) ?? '').trim();
  const second = String(form.get(SECONDARY_COLOUR_FIELD) ?? '').trim();
  const errors: Record<string, string> = {};
  if (!name && !sample) errors[CLUB_NAME_FIELD] = CLUB_NAME_NEEDED;
  if (name.length > 80) errors[CLUB_NAME_FIELD] = 'Club name must be at most 80 characters';
  if (short.length > 40) errors[SHORT_NAME_FIELD] = 'Short name must be at most 40 characters';
  if (colour && !HEX.test(colour)) errors[PRIMARY_COLOUR_FIELD] = 'Club colour must be a colour like #1e3a8a';
  if (second && !HEX.test(second)) errors[SECONDARY_COLOUR_FIELD] = 'Second colour must be a colour like #facc15';
  const secondary = second && second.toLowerCase() !== DEFAULT_SECONDARY ? second : undefined;
  const identity =
    name || secondary || (colour && colour.toLowerCase() !== DEFAULT_PRIMARY)
      ? { club_name: name || undefined, short_name: short || undefined, primary_colour: colour || undefined, secondary_colour: secondary }
      : undefined;
  const file = form.get(CREST_FIELD);
  const crest = file instanceof File && file.size > 0 ? file : undefined;
  return { identity, crest, errors };
}

/** A colour picker (works without JavaScript: the browser's own), its error beside it. */
function ColourInput({ name, label, colour, hint, errors }: { name: string; label: string; colour: string; hint: string; errors: Record<string, string | undefined> }) {
  return <TextField id={fieldId(name)} name={name} label={label} type="color" defaultValue={colour} hint={hint} error={errors[name]} className="max-w-xs" />;
}

export function ClubNameFields({ errors }: { errors: Record<string, string | undefined> }) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-bold">Your club</legend>
      <TextField
        id={fieldId(CLUB_NAME_FIELD)}
        name={CLUB_NAME_FIELD}
        label="Club name"
        hint="In full, as on page titles and e-mails, e.g. Ashdown Athletic Juniors. Leave it blank only to look around the sample club."
        maxLength={80}
        autoComplete="organization"
        error={errors[CLUB_NAME_FIELD]}
      />
      <TextField
        id={fieldId(SHORT_NAME_FIELD)}
        name={SHORT_NAME_FIELD}
        label="Short name"
        hint="How fixtures name the club, e.g. Ashdown Athletic; blank: the full name."
        maxLength={40}
        error={errors[SHORT_NAME_FIELD]}
      />
      <ColourInput
        name={PRIMARY_COLOUR_FIELD}
        label="Club colour"
        colour={DEFAULT_PRIMARY}
        hint="For the header, buttons and footer, with white text on it: a colour too light to read is refused with a darker shade to try. You can change all of this later in Settings → Club."
        errors={errors}
      />
      <ColourInput
        name={SECONDARY_COLOUR_FIELD}
        label="Second colour"
        colour={DEFAULT_SECONDARY}
        hint="Highlights on the club colour, so it must read on it; left as it is, a shade that does is picked for you."
        errors={errors}
      />
      <TextField
        id={fieldId(CREST_FIELD)}
        name={CREST_FIELD}
        label="Crest (optional)"
        type="file"
        accept="image/png,image/jpeg,image/webp,image/svg+xml"
        hint="A PNG, JPEG, WebP or SVG picture of up to 5 MB. Without one, the header draws a shield in your colours."
        error={errors[CREST_FIELD]}
      />
    </fieldset>
  );
}
