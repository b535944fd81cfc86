import type { ReactNode } from 'react';

/** A select's options where each value is also its label. */
export function Options({ values }: { values: readonly string[] }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {value}
    </option>
  ));
}

/**
 * A select's options for records: each record's `id` is the value, `label` draws the text, and
 * `placeholder` (when given) is a first, empty choice such as "Choose a junior" or "Not sure".
 */
export function ItemOptions<T extends { id: number | string }>({
  items,
  label,
  placeholder,
}: {
  items: readonly T[];
  label: (item: T) => ReactNode;
  placeholder?: string;
}) {
  return (
    <>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {items.map((item) => (
        <option key={item.id} value={item.id}>
          {label(item)}
        </option>
      ))}
    </>
  );
}
