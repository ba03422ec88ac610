import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLabels } from '../data/hooks';
import { unlabelled } from '../data/labels';
import { Combobox } from './Combobox';

interface ReferencePickerProps {
  /** The entity whose rows are offered (its `GetDropDown`, searched on the server as you type). */
  entity: string;
  /** The chosen row's id as text, '' for none. */
  value: string;
  onChange(value: string): void;
  /** What no choice means ("Any", "All outlets"): shown while nothing is chosen. */
  blank: string;
  id?: string;
  /** For a picker without a visible label (a list's column filter, a table cell). */
  ariaLabel?: string;
  disabled?: boolean;
  describedBy?: string;
  invalid?: boolean;
  /** Reference fields narrowing the options, by id or code (`{ outlet: '3' }`). */
  where?: Record<string, string>;
  size?: 'sm';
}

/**
 * One row of an entity chosen outside a form (a list's filter, a screen's outlet or location):
 * typing searches the server (debounced), so every row can be found however many there are — no
 * first page of options to choose from. The chosen row's label is looked up by id, so it shows
 * even when the row is not among the first options (an address opened with `f.product=619`); a
 * clear button goes back to no choice.
 */
export function ReferencePicker({
  entity,
  value,
  onChange,
  blank,
  id,
  ariaLabel,
  disabled,
  describedBy,
  invalid,
  where,
  size,
}: ReferencePickerProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const known = picked?.value === value ? picked.label : undefined;
  const lookup = useLabels(entity, [value], value !== '' && known === undefined);
  const shown = value === '' ? '' : (known ?? lookup.labelOf(value) ?? (lookup.isPending ? '' : unlabelled(value)));
  return (
    <div className="d-flex gap-1">
      <div className="flex-grow-1">
        <Combobox
          id={id}
          entity={entity}
          displayText={shown}
          placeholder={blank}
          ariaLabel={ariaLabel}
          describedBy={describedBy}
          invalid={invalid}
          disabled={disabled}
          where={where}
          size={size}
          onSelect={(option) => {
            setPicked({ value: String(option.value), label: option.label });
            onChange(String(option.value));
          }}
        />
      </div>
      {value !== '' && !disabled && (
        <button
          type="button"
          className={`btn btn-outline-secondary ${size === 'sm' ? 'btn-sm' : ''}`}
          aria-label={t('form.clear', { label: ariaLabel ?? blank })}
          onClick={() => onChange('')}
        >
          <i className="bi bi-x-lg" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
