import { createContext, useContext, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { get, useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { SCALED_KINDS, type NormalisedChildTable, type NormalisedField } from '@backroom/schema';
import { apiFailure, dataApi } from '../data/api';
import { useListValues } from '../data/hooks';
import { Combobox } from './Combobox';
import { emptyChildRow } from './values';
import { enumLabel, fieldLabel } from './format';

/** What every input of one form shares: the entity (label scope, upload folder) and the row as loaded. */
export interface FormMeta {
  entity: string;
  /** The row as the server gave it (masked secrets, labels). */
  row?: Record<string, unknown>;
}
export const FormMetaContext = createContext<FormMeta>({ entity: '' });

interface FieldInputProps {
  field: NormalisedField;
  /** React Hook Form path: `code`, `lines.0.quantity`. */
  name: string;
  /** Label scope: the entity, or `entity.childField` inside a child table. */
  scope: string;
  disabled?: boolean;
  /** Inside a child table: the label is read by assistive technology only. */
  compact?: boolean;
  /** Appended to the label in a child-table cell: "Barcode, row 2". */
  labelSuffix?: string;
}

const useFieldError = (name: string): string | undefined => {
  const { formState } = useFormContext();
  const error = get(formState.errors, name) as { message?: string; root?: { message?: string } } | undefined;
  return error?.message ?? error?.root?.message;
};

function Shell(props: {
  id: string;
  label: string;
  required: boolean;
  help?: string;
  error?: string;
  compact?: boolean;
  children: ReactNode;
  /** Checkboxes put the label after the input. */
  labelAfter?: boolean;
}) {
  const { t } = useTranslation();
  const { id, label, required, help, error, compact, children, labelAfter } = props;
  const labelEl = (
    <label htmlFor={id} className={`${labelAfter ? 'form-check-label' : 'form-label'} ${compact ? 'visually-hidden' : ''} ${required ? 'required' : ''}`}>
      {label}
    </label>
  );
  return (
    <div className={compact ? 'field-cell' : 'mb-3 field'}>
      {labelAfter ? (
        <div className="form-check form-switch">
          {children}
          {labelEl}
        </div>
      ) : (
        <>
          {labelEl}
          {children}
        </>
      )}
      {help && !compact && (
        <div id={`${id}-help`} className="form-text">
          {t(`fieldHelp.${help}`, { defaultValue: help })}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {t(`validation.${error}`, { defaultValue: error })}
        </div>
      )}
    </div>
  );
}

/** One input for a field of the registry, chosen by its kind, with its label, help and error. */
export function FieldInput({ field, name, scope, disabled, compact, labelSuffix }: FieldInputProps) {
  const { t } = useTranslation();
  const { register } = useFormContext();
  const meta = useContext(FormMetaContext);
  const id = useId();
  const error = useFieldError(name);
  const label = `${fieldLabel(t, scope, field)}${labelSuffix ?? ''}`;
  const help = field.help;
  const describedBy = [help && !compact ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': field.required || undefined,
    disabled: disabled || field.readOnly,
  } as const;
  const shell = (children: ReactNode, labelAfter = false) => (
    <Shell id={id} label={label} required={field.required && !field.readOnly} help={help} error={error} compact={compact} labelAfter={labelAfter}>
      {children}
    </Shell>
  );
  const control = `form-control ${error ? 'is-invalid' : ''}`;

  switch (field.kind) {
    case 'text': {
      const type = field.format === 'email' ? 'email' : field.format === 'url' ? 'url' : field.format === 'phone' ? 'tel' : 'text';
      return shell(<input type={type} className={control} {...common} {...register(name)} />);
    }
    case 'longtext':
    case 'json':
      return shell(<textarea className={`${control} ${field.kind === 'json' ? 'font-monospace' : ''}`} rows={field.kind === 'json' ? 6 : 3} {...common} {...register(name)} />);
    case 'number':
      return shell(<input type="text" inputMode="numeric" className={`${control} text-end`} {...common} {...register(name)} />);
    case 'decimal':
    case 'money':
    case 'quantity':
    case 'percent':
      return shell(<input type="text" inputMode="decimal" className={`${control} text-end`} {...common} {...register(name)} />);
    case 'boolean':
      return shell(<input type="checkbox" role="switch" className={`form-check-input ${error ? 'is-invalid' : ''}`} {...common} {...register(name)} />, true);
    case 'date':
      return shell(<input type="date" className={control} {...common} {...register(name)} />);
    case 'datetime':
      return shell(<input type="datetime-local" className={control} {...common} {...register(name)} />);
    case 'time':
      return shell(<input type="time" className={control} {...common} {...register(name)} />);
    case 'secret': {
      const masked = name.includes('.') ? '' : String(meta.row?.[name] ?? '');
      return shell(
        <input type="password" autoComplete="new-password" className={control} placeholder={masked || undefined} {...common} {...register(name)} />,
      );
    }
    case 'enum':
      if (field.multiple) return <EnumChecks field={field} name={name} label={label} error={error} disabled={common.disabled} compact={compact} />;
      return shell(
        <select className={`form-select ${error ? 'is-invalid' : ''}`} {...common} {...register(name)}>
          <option value="">{t('form.choose')}</option>
          {field.values.map((value) => (
            <option key={value} value={value}>
              {enumLabel(t, field, value)}
            </option>
          ))}
        </select>,
      );
    case 'listvalue':
      return shell(<ListValueSelect category={field.category} className={`form-select ${error ? 'is-invalid' : ''}`} common={common} name={name} />);
    case 'reference':
      return shell(<ReferenceInput field={field} name={name} common={common} invalid={Boolean(error)} label={label} />);
    case 'multireference':
      return shell(<MultiReferenceInput field={field} name={name} common={common} invalid={Boolean(error)} />);
    case 'image':
      return shell(<ImageInput field={field} name={name} common={common} label={label} folder={meta.entity} />);
    case 'children':
      return <ChildTable field={field} name={name} scope={`${scope}.${field.name}`} label={label} error={error} disabled={common.disabled} />;
  }
}

type RefField = Extract<NormalisedField, { kind: 'reference' | 'multireference' }>;
type Common = { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string; 'aria-required'?: boolean; disabled?: boolean };

function ListValueSelect({ category, className, common, name }: { category: string; className: string; common: Common; name: string }) {
  const { t } = useTranslation();
  const { register, getValues } = useFormContext();
  const values = useListValues(category);
  const current = getValues(name) as unknown;
  const options = values.data ?? [];
  const labelOfCurrent = getValues(`${name}Label`) as unknown;
  return (
    <select className={className} {...common} {...register(name)}>
      <option value="">{values.isLoading ? t('common.loading') : t('form.choose')}</option>
      {/* The current value stays choosable while the category's values load. */}
      {current != null && current !== '' && !options.some((o) => String(o.value) === String(current)) && (
        <option value={String(current)}>{labelOfCurrent ? String(labelOfCurrent) : String(current)}</option>
      )}
      {options.map((option) => (
        <option key={String(option.value)} value={String(option.value)}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

function EnumChecks({ field, name, label, error, disabled, compact }: { field: Extract<NormalisedField, { kind: 'enum' }>; name: string; label: string; error?: string; disabled?: boolean; compact?: boolean }) {
  const { t } = useTranslation();
  const { register } = useFormContext();
  const id = useId();
  return (
    <fieldset className={compact ? 'field-cell' : 'mb-3 field'} aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend className={`form-label fs-6 ${compact ? 'visually-hidden' : ''} ${field.required ? 'required' : ''}`}>{label}</legend>
      <div className="d-flex flex-wrap gap-3">
        {field.values.map((value) => (
          <div key={value} className="form-check">
            <input type="checkbox" className="form-check-input" id={`${id}-${value}`} value={value} disabled={disabled || field.readOnly} {...register(name)} />
            <label className="form-check-label" htmlFor={`${id}-${value}`}>
              {enumLabel(t, field, value)}
            </label>
          </div>
        ))}
      </div>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {t(`validation.${error}`, { defaultValue: error })}
        </div>
      )}
    </fieldset>
  );
}

function ReferenceInput({ field, name, common, invalid, label }: { field: RefField; name: string; common: Common; invalid: boolean; label: string }) {
  const { t } = useTranslation();
  const { control, setValue } = useFormContext();
  const { field: value } = useController({ name, control });
  const shown = useWatch({ name: `${name}Label` }) as unknown;
  const has = value.value !== null && value.value !== undefined && value.value !== '';
  return (
    <div className="d-flex gap-1">
      <div className="flex-grow-1">
        <Combobox
          id={common.id}
          entity={field.entity}
          displayText={has ? String(shown ?? value.value) : ''}
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

function MultiReferenceInput({ field, name, common, invalid }: { field: RefField; name: string; common: Common; invalid: boolean }) {
  const { t } = useTranslation();
  const { control, getValues } = useFormContext();
  const { field: value } = useController({ name, control });
  const ids = (Array.isArray(value.value) ? value.value : []) as (number | string)[];
  const [labels, setLabels] = useState<Record<string, string>>(() => {
    const given = getValues(`${name}Label`) as unknown;
    return Array.isArray(given) ? Object.fromEntries(ids.map((id, i) => [String(id), String(given[i] ?? id)])) : {};
  });
  return (
    <div>
      <ul className="list-unstyled d-flex flex-wrap gap-1 mb-1" aria-label={t('form.selected')}>
        {ids.map((id) => (
          <li key={String(id)} className="badge text-bg-secondary d-inline-flex align-items-center gap-1">
            {labels[String(id)] ?? String(id)}
            {!common.disabled && (
              <button
                type="button"
                className="btn-close btn-close-white"
                style={{ fontSize: '0.6em' }}
                aria-label={t('form.remove', { label: labels[String(id)] ?? String(id) })}
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
          setLabels((all) => ({ ...all, [String(option.value)]: option.label }));
          if (!ids.some((id) => String(id) === String(option.value))) value.onChange([...ids, option.value]);
        }}
      />
    </div>
  );
}

function ImageInput({ field, name, common, label, folder }: { field: Extract<NormalisedField, { kind: 'image' }>; name: string; common: Common; label: string; folder: string }) {
  const { t } = useTranslation();
  const { control } = useFormContext();
  const { field: value } = useController({ name, control });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const paths = (field.multiple ? (Array.isArray(value.value) ? value.value : []) : value.value ? [value.value] : []) as string[];
  const onFiles = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    setBusy(true);
    setFailure('');
    try {
      const uploaded: string[] = [];
      for (const file of [...files].slice(0, field.multiple ? files.length : 1)) uploaded.push((await dataApi.upload(file, folder)).url);
      value.onChange(field.multiple ? [...paths, ...uploaded] : (uploaded[0] ?? null));
    } catch (error) {
      setFailure(apiFailure(error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      {paths.length > 0 && (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-2">
          {paths.map((path, i) => (
            <li key={`${path}-${i}`} className="image-thumb position-relative">
              <img src={path} alt={t('form.imageAlt', { label, n: i + 1 })} className="img-thumbnail" width={96} height={96} />
              {!common.disabled && (
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger d-block mt-1"
                  aria-label={t('form.removeImage', { label, n: i + 1 })}
                  onClick={() => value.onChange(field.multiple ? paths.filter((_, j) => j !== i) : null)}
                >
                  {t('form.removeShort')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <input type="file" accept="image/*" multiple={field.multiple} className="form-control" {...common} disabled={common.disabled || busy} onChange={(event) => void onFiles(event.target.files)} />
      {busy && <div className="form-text" role="status">{t('form.uploading')}</div>}
      {failure && <div className="text-danger small" role="alert">{t('form.uploadFailed', { message: failure })}</div>}
    </div>
  );
}

function ChildTable({ field, name, scope, label, error, disabled }: { field: NormalisedChildTable; name: string; scope: string; label: string; error?: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const { fields: rows, append, remove } = useFieldArray({ name });
  const columns = field.fields.filter((f) => !f.system && !f.hidden);
  const id = useId();
  return (
    <fieldset className="mb-3 field child-table" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={`form-label fs-6 ${field.required ? 'required' : ''}`}>{label}</legend>
      <div className="table-responsive">
        <table className="table table-sm align-top mb-1" aria-label={label}>
          <thead>
            <tr>
              <th scope="col" className="text-body-secondary">
                #
              </th>
              {columns.map((column) => (
                <th key={column.name} scope="col" className={column.required ? 'required' : ''}>
                  {fieldLabel(t, scope, column)}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">{t('form.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={columns.length + 2} className="text-body-secondary">
                  {t('form.noRows')}
                </td>
              </tr>
            )}
            {rows.map((row, i) => (
              <tr key={row.id}>
                <td className="text-body-secondary">{i + 1}</td>
                {columns.map((column) => (
                  <td key={column.name}>
                    <FieldInput field={column} name={`${name}.${i}.${column.name}`} scope={scope} disabled={disabled} compact labelSuffix={t('form.rowSuffix', { n: i + 1 })} />
                  </td>
                ))}
                <td>
                  {!disabled && (
                    <button type="button" className="btn btn-sm btn-outline-danger" aria-label={t('form.removeRow', { label, n: i + 1 })} onClick={() => remove(i)}>
                      <i className="bi bi-trash" aria-hidden="true" />
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!disabled && rows.length < field.maxRows && (
        <button type="button" className="btn btn-sm btn-outline-primary" aria-label={t('form.addRowTo', { label })} onClick={() => append(emptyChildRow(field))}>
          <i className="bi bi-plus-lg" aria-hidden="true" /> {t('form.addRow')}
        </button>
      )}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {t(`validation.${error}`, { defaultValue: error })}
        </div>
      )}
    </fieldset>
  );
}

export const isDecimalKind = (field: NormalisedField) => SCALED_KINDS.has(field.kind);
