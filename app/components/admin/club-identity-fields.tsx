/** Settings → Club (issue 33): the club's name, crest, colours, links and ground, with a live preview of the header. */
import type { CSSProperties } from 'react';
import type { AdminSettings } from '../../../shared/contracts/settings';
import { SOCIAL_LINKS, type SocialLinkField } from '../../../shared/club';
import { brandPalette, contrastRatio, formatRatio, HEX_COLOUR, MIN_TEXT_CONTRAST, primaryColourProblem, secondaryColourProblem } from '../../../shared/colour';
import { TextField } from '../ui/field';
import { Crest } from '../crest';
import { Wordmark } from '../site-header';
import { ImageUpload } from './resource-field-control';

export const CLUB_IDENTITY_FIELDS = [
  'club_name',
  'short_name',
  'strapline',
  'crest_url',
  'primary_colour',
  'secondary_colour',
  'home_headline',
  'mail_sender_name',
  'founded_year',
  'ground_name',
  'ground_map_url',
  'facebook_url',
  'instagram_url',
  'x_url',
  'youtube_url',
  'tiktok_url',
] as const;
type IdentityField = (typeof CLUB_IDENTITY_FIELDS)[number];

/** Crest uploads: the images the site takes, and SVG (cleaned on the server). */
const CREST_TYPES = 'image/jpeg,image/png,image/webp,image/svg+xml';

type FieldProps = (name: IdentityField) => { id: string; name: string; value: string; error: string | undefined; onChange: (event: { target: { value: string } }) => void };

/** The two colours' check as the admin picks: the refusal the server would give, or the figure that passes. */
function colourCheck(values: AdminSettings, which: 'primary_colour' | 'secondary_colour') {
  const primary = values.primary_colour;
  const colour = values[which];
  if (!HEX_COLOUR.test(colour) || !HEX_COLOUR.test(primary)) return { problem: null, note: '' };
  if (which === 'primary_colour') {
    return { problem: primaryColourProblem(colour), note: `White text on it: ${formatRatio(contrastRatio(colour, '#ffffff'))} (it needs ${MIN_TEXT_CONTRAST}:1).` };
  }
  return { problem: secondaryColourProblem(colour, primary), note: `As text on the primary colour: ${formatRatio(contrastRatio(colour, primary))} (it needs ${MIN_TEXT_CONTRAST}:1).` };
}

function ColourField({ label, hint, name, values, field }: { label: string; hint: string; name: 'primary_colour' | 'secondary_colour'; values: AdminSettings; field: FieldProps }) {
  const props = field(name);
  const { problem, note } = colourCheck(values, name);
  const valid = HEX_COLOUR.test(props.value);
  return (
    <div className="flex items-start gap-3">
      <TextField label={label} hint={problem ? undefined : `${hint} ${note}`} {...props} error={props.error ?? problem ?? undefined} className="flex-1" autoComplete="off" spellCheck={false} />
      <input
        type="color"
        aria-label={`${label}: pick`}
        value={valid ? props.value : '#000000'}
        onChange={(e) => props.onChange({ target: { value: e.target.value } })}
        className="mt-7 h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-line bg-white p-1"
      />
    </div>
  );
}

/** The header as it will look: the derived shades set on this box only, so the page around it keeps today's. */
function HeaderPreview({ values }: { values: AdminSettings }) {
  const colours = HEX_COLOUR.test(values.primary_colour) && HEX_COLOUR.test(values.secondary_colour);
  const palette = colours ? brandPalette(values.primary_colour, values.secondary_colour) : {};
  const style = Object.fromEntries(Object.entries(palette).map(([name, value]) => [`--color-${name}`, value])) as CSSProperties;
  return (
    <figure className="space-y-1">
      <figcaption className="text-sm font-semibold">Preview</figcaption>
      <div data-testid="club-preview" style={style} className="flex items-center gap-2 rounded-xl border-b-4 border-gold-400 bg-brand-800 px-3 py-2 text-white">
        <Crest className="h-11 w-10" url={values.crest_url} />
        <Wordmark name={values.club_name || 'Your club'} />
      </div>
    </figure>
  );
}

/** The "Club" section of Settings: phone first, one column. */
export function ClubIdentityFields({ values, field, setCrest }: { values: AdminSettings; field: FieldProps; setCrest: (url: string) => void }) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold">Club</legend>
      <p className="text-sm text-muted">Your club&rsquo;s name, crest and colours, shown on every page, e-mail and calendar.</p>
      <HeaderPreview values={values} />
      <TextField label="Club name" required hint="In full, as on page titles and e-mails, e.g. Ashdown Athletic FC" {...field('club_name')} />
      <TextField label="Short name" required hint="How fixtures name the club, e.g. Ashdown Athletic" {...field('short_name')} />
      <TextField label="Strapline" hint="One line under the name; leave blank for none" {...field('strapline')} />
      <div>
        <TextField label="Crest" hint="Leave blank for a shield in your colours" {...field('crest_url')} />
        <ImageUpload label="Crest" accept={CREST_TYPES} kinds="JPEG, PNG, WebP or SVG" onUploaded={setCrest} />
      </div>
      <ColourField label="Primary colour" hint="The header, buttons and footer, with white text." name="primary_colour" values={values} field={field} />
      <ColourField label="Secondary colour" hint="Highlights on the primary colour." name="secondary_colour" values={values} field={field} />
      <TextField label="Home page headline" hint="The big heading on the home page; leave blank for the club name" {...field('home_headline')} />
      <TextField label="E-mails come from" hint="The sender name people see; leave blank for the club name" {...field('mail_sender_name')} />
      <TextField label="Founded" inputMode="numeric" hint="The year, e.g. 1998" {...field('founded_year')} />
      <TextField label="Home ground" hint="Its address is the club address below" {...field('ground_name')} />
      <TextField label="Map link" type="url" hint="A link to the ground on a map, starting https://" {...field('ground_map_url')} />
      {(Object.keys(SOCIAL_LINKS) as SocialLinkField[]).map((name) => (
        <TextField key={name} label={`${SOCIAL_LINKS[name].label} page`} type="url" hint="Optional" {...field(name)} />
      ))}
    </fieldset>
  );
}
