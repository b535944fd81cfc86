import { useState, type ComponentProps, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { AdminLoading, SectionHeader } from '../../components/admin/section';
import type { AdminSettings } from '../../../shared/contracts/settings';
import { ImageUpload } from '../../components/admin/resource-tab';
import { useFieldValues } from '../../components/admin/use-field-values';
import { Button } from '../../components/ui/button';
import { ErrorSummary, summaryOf } from '../../components/ui/error-summary';
import { FormMessage, TextAreaField, TextField } from '../../components/ui/field';
import { boundFields } from '../../components/ui/form-fields';
import { toast } from '../../components/ui/toast';
import { ApiError, client, errorDetail, read } from '../../lib/api-client';
import { requireCan } from '../../lib/guards.server';
import { adminMeta } from '../../components/admin/meta';
import { settingsInputSchema } from '../../../shared/content';
import { ORDER_QUANTITY_CAP_DEFAULT, PENDING_ORDER_DAYS_DEFAULT } from '../../../shared/shop-constants';
import { SAMPLE_CLUB } from '../../../shared/club';
import { CLUB_IDENTITY_FIELDS, ClubIdentityFields } from '../../components/admin/club-identity-fields';
import { ClubFilePanel } from '../../components/admin/club-file-panel';
import { ClubDomainPanel } from '../../components/admin/club-domain-panel';
import type { Route } from './+types/settings';

export const meta: Route.MetaFunction = () => adminMeta('Settings', "The club's contact details used across the website.");

export const SETTINGS_SAVED = 'Settings saved successfully!';
export const SETTINGS_ERROR = 'Error saving settings';

export async function loader({ context, request }: Route.LoaderArgs) {
  const allowed = await requireCan(context, request, 'clubSite');
  // A club's own web address is a hosted install's (HOSTING_DOMAIN): a single-club install answers on any.
  return { ...allowed, ownDomains: allowed.can.clubDomain && context.services.clubDomains.hostingOn };
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [server, settings] = await Promise.all([
    serverLoader(),
    read(client.settings.$get()).catch((error) => {
      console.error('[admin] loading settings failed:', errorDetail(error));
      return null;
    }),
  ]);
  return { settings, clubFile: server.can.clubFile, ownDomains: server.ownDomains };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

/** The API's own schema checks the form first, so the messages match what the server would say. */
export function validateSettings(values: AdminSettings): Partial<Record<keyof AdminSettings, string>> {
  const result = settingsInputSchema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<keyof AdminSettings, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof AdminSettings;
    errors[field] ??= issue.message;
  }
  return errors;
}

const FIELDS = [
  ...CLUB_IDENTITY_FIELDS,
  'whatsapp_number',
  'club_email',
  'sales_email',
  'welfare_email',
  'club_address',
  'hero_image_url',
  'account_name',
  'sort_code',
  'account_number',
  'order_quantity_cap',
  'pending_order_days',
] as const;

/** The one-line contact fields, in form order: each is a TextField with these props. */
const CONTACT_FIELDS: (ComponentProps<typeof TextField> & { name: 'whatsapp_number' | 'club_email' | 'sales_email' | 'welfare_email' })[] = [
  { name: 'whatsapp_number', label: 'WhatsApp number', type: 'tel', inputMode: 'tel', autoComplete: 'off', hint: 'With the country code, e.g. 447700900123' },
  { name: 'club_email', label: 'General email', type: 'email', required: true },
  { name: 'sales_email', label: 'Sales email', type: 'email', hint: 'For shop enquiries; the general email is used when blank' },
  {
    name: 'welfare_email',
    label: 'Welfare officer email',
    type: 'email',
    hint: 'How parents reach the welfare officer: shown with their name on every public page. A club with junior teams must have one.',
  },
];

/** The club's bank account (issue 24): members see it with their payment reference. */
const BANK_FIELDS: (ComponentProps<typeof TextField> & { name: 'account_name' | 'sort_code' | 'account_number' })[] = [
  { name: 'account_name', label: 'Bank account name', autoComplete: 'off', hint: 'As the bank has it, usually the club’s name' },
  { name: 'sort_code', label: 'Sort code', inputMode: 'numeric', autoComplete: 'off', hint: '6 digits, e.g. 30-91-74' },
  { name: 'account_number', label: 'Account number', inputMode: 'numeric', autoComplete: 'off', hint: '8 digits' },
];

/** The shop's limits (issue 30): whole numbers, typed as text and sent as numbers. */
const SHOP_FIELDS: (ComponentProps<typeof TextField> & { name: 'order_quantity_cap' | 'pending_order_days' })[] = [
  {
    name: 'order_quantity_cap',
    label: 'Most of each item in one order',
    inputMode: 'numeric',
    autoComplete: 'off',
    hint: `So one buyer cannot take the whole stock. Default ${ORDER_QUANTITY_CAP_DEFAULT}.`,
  },
  {
    name: 'pending_order_days',
    label: 'Days an order waits to be confirmed',
    inputMode: 'numeric',
    autoComplete: 'off',
    hint: `An order nobody confirms is then cancelled and its items go back on sale; the buyer and the shop get an e-mail. Default ${PENDING_ORDER_DAYS_DEFAULT}.`,
  },
];

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [values, setValues, set] = useFieldValues<AdminSettings>(
    loaderData.settings ?? {
      whatsapp_number: '',
      club_email: '',
      sales_email: '',
      club_address: '',
      hero_image_url: '',
      account_name: '',
      sort_code: '',
      account_number: '',
      welfare_email: '',
      welfare_officer: null,
      order_quantity_cap: ORDER_QUANTITY_CAP_DEFAULT,
      pending_order_days: PENDING_ORDER_DAYS_DEFAULT,
      ...SAMPLE_CLUB,
    },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  // One summary for every refusal: the fields' own messages as links, else the server's detail.
  const summary = summaryOf(FIELDS, { error: formError, fieldErrors: errors });
  const field = boundFields(values, summary.errors, set);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateSettings(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFormError('Please correct the highlighted fields.');
      return;
    }
    setFormError('');
    setBusy(true);
    try {
      const founded = String(values.founded_year ?? '').trim();
      const body = {
        ...Object.fromEntries(CLUB_IDENTITY_FIELDS.map((name) => [name, String(values[name] ?? '').trim()])),
        founded_year: founded ? Number(founded) : null,
        whatsapp_number: values.whatsapp_number.trim(),
        club_email: values.club_email.trim(),
        sales_email: values.sales_email.trim(),
        club_address: values.club_address.trim(),
        hero_image_url: values.hero_image_url.trim(),
        account_name: values.account_name.trim(),
        sort_code: values.sort_code.trim(),
        account_number: values.account_number.trim(),
        welfare_email: values.welfare_email.trim(),
        order_quantity_cap: Number(String(values.order_quantity_cap).trim()),
        pending_order_days: Number(String(values.pending_order_days).trim()),
      };
      const saved = await read(client.settings.$put({ json: body }));
      if (saved && typeof saved === 'object' && 'club_email' in saved) setValues(saved);
      toast.success(SETTINGS_SAVED);
      await revalidator.revalidate();
    } catch (error) {
      setFormError(errorDetail(error));
      if (error instanceof ApiError) setErrors(error.fieldErrors);
      toast.error(`${SETTINGS_ERROR}: ${errorDetail(error)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section>
      <SectionHeader
        title="Settings"
        description="The club's name, crest and colours, its contact details and home page photo. The WhatsApp number builds the order and join-us links; the e-mails and address show on the website."
      />
      {!loaderData.settings && <FormMessage>The settings could not be loaded. Saving will replace them.</FormMessage>}
      <form noValidate onSubmit={save} className="max-w-2xl space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-6">
        <ErrorSummary errors={summary.errors} order={FIELDS} message={summary.message} />
        <ClubIdentityFields values={values} field={field} setCrest={(url) => setValues((v) => ({ ...v, crest_url: url }))} />
        <h3 className="pt-2 text-base font-semibold">Contact</h3>
        {CONTACT_FIELDS.map(({ name, ...props }) => (
          <TextField key={name} {...props} {...field(name)} />
        ))}
        <p className="text-sm text-muted" data-testid="welfare-officer">
          Welfare officer: {values.welfare_officer ?? 'nobody yet (give someone the Welfare officer role in People & roles)'}
        </p>
        <TextAreaField label="Club address" {...field('club_address')} />
        <div>
          <TextField
            label="Home page photo"
            hint="A wide photo (at least 1600 x 900) behind the club name on the home page. Leave blank for the club's pitch artwork."
            {...field('hero_image_url')}
          />
          <ImageUpload label="Home page photo" onUploaded={(url) => setValues((v) => ({ ...v, hero_image_url: url }))} />
        </div>
        <fieldset className="space-y-4">
          <legend className="text-base font-semibold">Club bank account</legend>
          <p className="text-sm text-muted">Members pay subs and fees by bank transfer: they see these details with their own payment reference.</p>
          {BANK_FIELDS.map(({ name, ...props }) => (
            <TextField key={name} {...props} {...field(name)} />
          ))}
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="text-base font-semibold">Shop</legend>
          {SHOP_FIELDS.map(({ name, ...props }) => (
            <TextField key={name} {...props} {...field(name)} />
          ))}
        </fieldset>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save Settings'}
        </Button>
      </form>
      {loaderData.ownDomains && <ClubDomainPanel />}
      {loaderData.clubFile && <ClubFilePanel />}
    </section>
  );
}
