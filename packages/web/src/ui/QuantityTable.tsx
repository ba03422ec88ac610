/** A quantity as typed: digits, at most 3 decimals, never negative. */
export const isQuantityText = (value: string) => /^\d+(\.\d{1,3})?$/.test(value.trim());

export interface QuantityRow {
  key: string | number;
  /** The product (or whatever the row is), as the row's heading. */
  label: string;
  /** The figures shown before the input, one per heading in `figures`. */
  figures: readonly string[];
}

interface QuantityTableProps {
  /** The headings: the rows' own, each figure's, the input's. */
  headings: { row: string; figures: readonly string[]; input: string };
  rows: readonly QuantityRow[];
  values: readonly string[];
  invalid: readonly boolean[];
  onChange(values: string[]): void;
  /** Each input's accessible name, from its row's label. */
  inputLabel(label: string): string;
}

/** Lines with their figures and a quantity typed on each (received now, returned now…). */
export function QuantityTable({ headings, rows, values, invalid, onChange, inputLabel }: QuantityTableProps) {
  return (
    <table className="table table-sm align-middle text-start">
      <thead>
        <tr>
          <th scope="col">{headings.row}</th>
          {[...headings.figures, headings.input].map((heading) => (
            <th key={heading} scope="col" className="text-end">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={row.key}>
            <th scope="row" className="fw-normal">
              {row.label}
            </th>
            {row.figures.map((figure, k) => (
              <td key={k} className="text-end">
                {figure}
              </td>
            ))}
            <td>
              <input
                className={`form-control form-control-sm text-end ${invalid[i] ? 'is-invalid' : ''}`}
                inputMode="decimal"
                aria-label={inputLabel(row.label)}
                aria-invalid={invalid[i] || undefined}
                value={values[i]}
                onChange={(e) => onChange(values.map((v, k) => (k === i ? e.target.value : v)))}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
