/** A select's options for a fixed list of codes, each shown by its label (a role, a status, a level). */
export function LabelledOptions<V extends string>({ values, labels }: { values: readonly V[]; labels: Record<V, string> }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ));
}
