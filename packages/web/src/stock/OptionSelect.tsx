import type { Option } from '../data/api';

interface OptionSelectProps {
  value: string;
  onChange(value: string): void;
  options: readonly Option[] | undefined;
  /** The first, empty choice ("All outlets", "Choose…"). */
  blank: string;
  id?: string;
  /** For a select without a visible label (a table cell). */
  ariaLabel?: string;
  className?: string;
  disabled?: boolean;
  describedBy?: string;
}

/** A select over drop-down options (`GetDropDown`), with an empty first choice. */
export function OptionSelect({
  value,
  onChange,
  options,
  blank,
  id,
  ariaLabel,
  className = 'form-select',
  disabled,
  describedBy,
}: OptionSelectProps) {
  return (
    <select
      id={id}
      className={className}
      aria-label={ariaLabel}
      aria-describedby={describedBy}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{blank}</option>
      {(options ?? []).map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
