/** The form control of one configured field of an admin list tab, and the image upload beside image fields. */
import { useState } from 'react';
import { client, errorDetail, read } from '../../lib/api-client';
import { buttonClass } from '../ui/button';
import { fieldId } from '../ui/error-summary';
import { Checkbox, SelectField, TextAreaField, TextField } from '../ui/field';
import { toast } from '../ui/toast';
import { LIST_SEPARATOR, optionsOf, splitList, type FieldConfig, type FormValue } from './resource-fields';

export const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

/** "Upload image" beside an image field: stores the file and hands back its URL. */
export function ImageUpload({
  label,
  onUploaded,
  accept = IMAGE_TYPES,
  kinds = 'JPEG, PNG or WebP',
}: {
  label: string;
  onUploaded: (url: string) => void;
  /** The crest (Settings → Club) also takes SVG. */
  accept?: string;
  kinds?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function upload(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setError('');
    try {
      const body = new FormData();
      body.set('file', file);
      // The route reads the multipart body itself (it checks the file's kind and size first).
      const saved = await read(client.uploads.$post(undefined, { init: { body } }));
      onUploaded(saved.url);
      toast.success('Image uploaded successfully!');
    } catch (e) {
      setError(errorDetail(e));
      toast.error(`Error uploading image: ${errorDetail(e)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-2">
      <label className={buttonClass('secondary', 'sm', 'cursor-pointer focus-within:outline-3 focus-within:outline-gold-500')}>
        <input
          type="file"
          accept={accept}
          className="sr-only"
          disabled={busy}
          onChange={(e) => {
            void upload(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {busy ? 'Uploading…' : 'Upload image'}
        <span className="sr-only"> for {label}</span>
      </label>
      <span className="ml-2 text-xs text-muted">{kinds}, at most 5 MB</span>
      {error && <p className="mt-1 text-sm font-medium text-danger">{error}</p>}
    </div>
  );
}

/** The input a field's type calls for, labelled, with its hint and error. */
export function FieldControl({
  field,
  value,
  error,
  onChange,
}: {
  field: FieldConfig;
  value: FormValue | undefined;
  error?: string;
  onChange: (name: string, value: FormValue) => void;
}) {
  const id = fieldId(field.name);
  const span = field.wide || field.type === 'textarea' || field.type === 'links' ? 'sm:col-span-2' : '';
  const common = { id, name: field.name, label: field.label, required: field.required, error, hint: field.hint, className: span };
  switch (field.type) {
    case 'checkbox':
      return <Checkbox id={id} name={field.name} label={field.label} className={`${span} sm:pt-7`} checked={Boolean(value)} onChange={(e) => onChange(field.name, e.target.checked)} />;
    case 'checkboxes': {
      const chosen = splitList(String(value ?? ''));
      const toggle = (option: string, on: boolean) => {
        const next = on ? [...chosen, option] : chosen.filter((v) => v !== option);
        // Keep the options' order, whatever order they were ticked in.
        onChange(field.name, optionsOf(field).map((o) => o.value).filter((v) => next.includes(v)).join(LIST_SEPARATOR));
      };
      const errorId = `${id}-error`;
      return (
        <fieldset id={id} tabIndex={-1} className={span} aria-describedby={error ? errorId : undefined}>
          <legend className="text-sm font-semibold text-ink">
            {field.label}
            {field.required && <span aria-hidden="true" className="text-danger"> *</span>}
          </legend>
          {field.hint && <p className="mt-1 text-xs text-muted">{field.hint}</p>}
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
            {optionsOf(field).map((option) => (
              <Checkbox
                key={option.value}
                id={`${id}-${option.value}`}
                name={field.name}
                value={option.value}
                label={option.label}
                className="min-h-11"
                checked={chosen.includes(option.value)}
                onChange={(e) => toggle(option.value, e.target.checked)}
              />
            ))}
          </div>
          {error && (
            <p id={errorId} className="mt-1 text-sm font-medium text-danger">
              {error}
            </p>
          )}
        </fieldset>
      );
    }
    case 'textarea':
    case 'links':
      return <TextAreaField {...common} value={String(value ?? '')} onChange={(e) => onChange(field.name, e.target.value)} />;
    case 'select':
      return (
        <SelectField {...common} value={String(value ?? '')} onChange={(e) => onChange(field.name, e.target.value)}>
          {optionsOf(field).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
      );
    default: {
      if (field.upload) {
        const { upload: _upload, ...plain } = field;
        const append = field.type === 'list';
        return (
          <div className={span}>
            <FieldControl field={{ ...plain, wide: false }} value={value} error={error} onChange={onChange} />
            <ImageUpload
              label={field.label}
              onUploaded={(url) => {
                const current = String(value ?? '').trim();
                onChange(field.name, append && current ? `${current}, ${url}` : url);
              }}
            />
          </div>
        );
      }
      const inputType = { number: 'number', money: 'number', date: 'date', time: 'time', url: 'url', email: 'email' }[field.type as string] ?? 'text';
      return (
        <TextField
          {...common}
          type={inputType}
          inputMode={field.type === 'money' ? 'decimal' : field.type === 'number' ? 'numeric' : undefined}
          step={field.type === 'money' ? '0.01' : field.type === 'number' ? '1' : undefined}
          min={field.min}
          max={field.max}
          value={String(value ?? '')}
          onChange={(e) => onChange(field.name, e.target.value)}
        />
      );
    }
  }
}
