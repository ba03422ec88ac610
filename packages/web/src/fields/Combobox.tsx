import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Option } from '../data/api';
import { useDebounced, useDropdown } from '../data/hooks';

interface ComboboxProps {
  id?: string;
  /** Entity whose GetDropDown answers the search. */
  entity: string;
  /** Text shown while not searching (the current value's label). */
  displayText: string;
  onSelect(option: Option): void;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  required?: boolean;
  placeholder?: string;
  /** Reference fields narrowing the options, by id or code (`{ category: 'BRAND' }`). */
  where?: Record<string, string>;
  /** For a combobox without a visible label (a list's column filter). */
  ariaLabel?: string;
  /** `sm`: the small control of a list's filter row. */
  size?: 'sm';
}

/**
 * An editable combobox (ARIA 1.2): a click opens the list, typing searches the server (debounced), arrow keys move
 * through the options, Enter picks one, Escape closes the list and restores the shown text.
 */
export function Combobox({
  id,
  entity,
  displayText,
  onSelect,
  describedBy,
  invalid,
  disabled,
  required,
  placeholder,
  where,
  ariaLabel,
  size,
}: ComboboxProps) {
  const { t } = useTranslation();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const search = useDebounced(text ?? '', 250);
  const options = useDropdown(entity, search, open && !disabled, undefined, where);
  const items = options.data ?? [];

  const close = () => {
    setOpen(false);
    setText(null);
    setActive(-1);
  };
  const pick = (option: Option) => {
    onSelect(option);
    close();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(items.length - 1, i + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const option = items[active] ?? (items.length === 1 ? items[0] : undefined);
      if (option) pick(option);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  return (
    <div className="combobox position-relative">
      <input
        id={id}
        type="text"
        role="combobox"
        className={`form-control ${size === 'sm' ? 'form-control-sm' : ''} ${invalid ? 'is-invalid' : ''}`}
        aria-label={ariaLabel}
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 && items[active] ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        placeholder={placeholder ?? t('form.typeToSearch')}
        value={text ?? displayText}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        // The list keeps the focus in the field on mouse-down (an option, its scroll bar, its
        // padding), so leaving the field always means leaving the list.
        onBlur={close}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        hidden={!open}
        className={`dropdown-menu w-100 ${open ? 'show' : ''}`}
        aria-label={t('form.options')}
        onMouseDown={(event) => event.preventDefault()}
      >
        {open && options.isFetching && items.length === 0 && (
          <li className="dropdown-item-text text-body-secondary">{t('common.loading')}</li>
        )}
        {open && options.isError && items.length === 0 && (
          <li className="dropdown-item-text text-body-secondary">{t('form.optionsFailed')}</li>
        )}
        {open && !options.isFetching && !options.isError && items.length === 0 && (
          <li className="dropdown-item-text text-body-secondary">{t('form.noOptions')}</li>
        )}
        {open &&
          items.map((option, i) => (
            <li
              key={String(option.value)}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`dropdown-item ${i === active ? 'active' : ''}`}
              onMouseDown={() => pick(option)}
            >
              {option.label}
            </li>
          ))}
      </ul>
    </div>
  );
}
