import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get, useController, useFormContext, useFormState, useWatch } from 'react-hook-form';
import type { NormalisedField } from '@backroom/schema';
import { unlabelled } from '../data/labels';
import { useLabels } from '../data/hooks';
import { Combobox } from './Combobox';
import type { Common } from './FieldShell';

type RefField = Extract<NormalisedField, { kind: 'reference' | 'multireference' }>;
type Props = { field: RefField; name: string; common: Common; invalid: boolean };

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/**
 * One row of another entity, searched as you type. The text shown is the row's label: the one the
 * loaded row carries (`{field}Label`), the option picked, or — when neither is known, as after a
 * save that answered without labels — one looked up by id.
 */
export function ReferenceInput({ field, name, common, invalid, label }: Props & { label: string }) {
  const { t } = useTranslation();
  const { setValue } = useFormContext();
  const { field: value } = useController({ name });
  const given = useWatch({ name: `${name}Label` }) as unknown;
  const has = !isBlank(value.value);
  const lookup = useLabels(field.entity, [value.value], has && isBlank(given));
  const shown = !has
    ? ''
    : !isBlank(given)
      ? String(given)
      : (lookup.labelOf(value.value) ?? (lookup.isPending ? '' : unlabelled(value.value)));
  return (
    <div className="d-flex gap-1">
      <div className="flex-grow-1">
        <Combobox
          id={common.id}
          entity={field.entity}
          displayText={shown}
          describedBy={common['aria-describedby']}
          invalid={invalid}
          disabled={common.disabled}
          required={field.required}
          onSelect={(option) => {
            setValue(`${name}Label`, option.label);
            value.onChange(option.value);
          }}
        />
      </div>
      {has && !common.disabled && (
        <button
          type="button"
          className="btn btn-outline-secondary"
          aria-label={t('form.clear', { label })}
          onClick={() => {
            setValue(`${name}Label`, null);
            value.onChange(null);
          }}
        >
          <i className="bi bi-x-lg" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}

/**
 * Several rows of another entity, as chips. The saved ids' names are looked up in one call (the
 * server sends ids only); the ones picked here keep the label of their option.
 */
export function MultiReferenceInput({ field, name, common, invalid }: Props) {
  const { t } = useTranslation();
  const { field: value } = useController({ name });
  const { defaultValues } = useFormState();
  const ids = (Array.isArray(value.value) ? value.value : []) as (number | string)[];
  const saved = get(defaultValues, name) as unknown;
  const lookup = useLabels(field.entity, Array.isArray(saved) ? saved : []);
  const [picked, setPicked] = useState<Record<string, string>>({});
  const labelOf = (id: number | string) =>
    picked[String(id)] ?? lookup.labelOf(id) ?? (lookup.isPending ? t('common.loading') : unlabelled(id));
  return (
    <div>
      <ul className="list-unstyled d-flex flex-wrap gap-1 mb-1" aria-label={t('form.selected')}>
        {ids.map((id) => (
          <li key={String(id)} className="badge text-bg-secondary d-inline-flex align-items-center gap-1">
            {labelOf(id)}
            {!common.disabled && (
              <button
                type="button"
                className="btn-close btn-close-white"
                style={{ fontSize: '0.6em' }}
                aria-label={t('form.remove', { label: labelOf(id) })}
                onClick={() => value.onChange(ids.filter((other) => other !== id))}
              />
            )}
          </li>
        ))}
      </ul>
      <Combobox
        id={common.id}
        entity={field.entity}
        displayText=""
        describedBy={common['aria-describedby']}
        invalid={invalid}
        disabled={common.disabled}
        onSelect={(option) => {
          setPicked((all) => ({ ...all, [String(option.value)]: option.label }));
          if (!ids.some((id) => String(id) === String(option.value))) value.onChange([...ids, option.value]);
        }}
      />
    </div>
  );
}
