import { createContext, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useController, useFieldArray, useFormContext } from 'react-hook-form';
import type { NormalisedChildTable, NormalisedField } from '@backroom/schema';
import { DateInput, DateTimeInput, TimeInput, useTemporalProblem } from './TemporalInputs';
import { EnumChecks } from './EnumChecks';
import { describedBy, FieldError, FieldShell, useFieldError } from './FieldShell';
import { fieldLabel } from './format';
import { ImageInput } from './ImageInput';
import { MultiReferenceInput, ReferenceInput } from './ReferenceInputs';
import { EnumSelect, ListValueSelect } from './SelectInput';
import { OwnInputsContext } from './ownInputs';
import { emptyChildRow } from './values';
import { registryText } from '../i18n/registryText';

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

/**
 * A date, date-time or time field of the form, typed in the company's convention and kept as the
 * form's value ("yyyy-mm-dd", the ISO instant, "HH:mm").
 */
function FormTemporalInput({
  name,
  Input,
  ...input
}: { name: string; Input: typeof DateInput } & Omit<Parameters<typeof DateInput>[0], 'value' | 'onChange'>) {
  const { field } = useController({ name });
  return (
    <Input
      {...input}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={(value) => field.onChange(value)}
      onBlur={field.onBlur}
    />
  );
}

const TEMPORAL_INPUTS = { date: DateInput, datetime: DateTimeInput, time: TimeInput } as const;

/** A date, date-time or time field's problem: what to type, while its text is not a whole value (read only for these kinds). */
function TemporalProblem({
  kind,
  name,
  error,
  children,
}: {
  kind: 'date' | 'datetime' | 'time';
  name: string;
  error?: string;
  children(problem?: string): ReactNode;
}) {
  const { getValues } = useFormContext();
  return children(useTemporalProblem(kind, getValues(name), error));
}

/** One input for a field of the registry, chosen by its kind, with its label, help and error. */
export function FieldInput({ field, name, scope, disabled, compact, labelSuffix }: FieldInputProps) {
  const { t } = useTranslation();
  const { register } = useFormContext();
  const meta = useContext(FormMetaContext);
  const ownInputs = useContext(OwnInputsContext);
  const id = useId();
  const error = useFieldError(name);
  const label = `${fieldLabel(t, scope, field)}${labelSuffix ?? ''}`;
  const help = field.help && registryText(t, field.help);
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, !compact && help, error),
    'aria-required': field.required || undefined,
    disabled: disabled || field.readOnly,
  } as const;
  const shell = (children: ReactNode, labelAfter = false, shown = error) => (
    <FieldShell
      id={id}
      label={label}
      required={field.required && !field.readOnly}
      help={help}
      error={shown}
      compact={compact}
      labelAfter={labelAfter}
    >
      {children}
    </FieldShell>
  );
  const control = `form-control ${error ? 'is-invalid' : ''}`;
  const Own = ownInputs[`${scope}.${field.name}`];
  if (Own)
    // Suspends to the form's boundary, so the whole form shows at once.
    return shell(
      <Own field={field} name={name} common={common} className={`form-select ${error ? 'is-invalid' : ''}`} />,
    );

  switch (field.kind) {
    case 'text': {
      const type =
        field.format === 'email' ? 'email' : field.format === 'url' ? 'url' : field.format === 'phone' ? 'tel' : 'text';
      return shell(<input type={type} className={control} {...common} {...register(name)} />);
    }
    case 'longtext':
    case 'json':
      return shell(
        <textarea
          className={`${control} ${field.kind === 'json' ? 'font-monospace' : ''}`}
          rows={field.kind === 'json' ? 6 : 3}
          {...common}
          {...register(name)}
        />,
      );
    case 'number':
      return shell(
        <input type="text" inputMode="numeric" className={`${control} text-end`} {...common} {...register(name)} />,
      );
    case 'decimal':
    case 'money':
    case 'quantity':
    case 'percent':
      return shell(
        <input type="text" inputMode="decimal" className={`${control} text-end`} {...common} {...register(name)} />,
      );
    case 'boolean':
      return shell(
        <input
          type="checkbox"
          role="switch"
          className={`form-check-input ${error ? 'is-invalid' : ''}`}
          {...common}
          {...register(name)}
        />,
        true,
      );
    case 'date':
    case 'datetime':
    case 'time': {
      const Input = TEMPORAL_INPUTS[field.kind];
      return (
        <TemporalProblem kind={field.kind} name={name} error={error}>
          {(problem) =>
            shell(<FormTemporalInput Input={Input} name={name} className={control} {...common} />, false, problem)
          }
        </TemporalProblem>
      );
    }
    case 'secret': {
      const masked = name.includes('.') ? '' : String(meta.row?.[name] ?? '');
      return shell(
        <input
          type="password"
          autoComplete="new-password"
          className={control}
          placeholder={masked || undefined}
          {...common}
          {...register(name)}
        />,
      );
    }
    case 'enum':
      if (field.multiple)
        return (
          <EnumChecks
            field={field}
            name={name}
            label={label}
            error={error}
            disabled={common.disabled}
            compact={compact}
          />
        );
      return shell(
        <EnumSelect field={field} name={name} className={`form-select ${error ? 'is-invalid' : ''}`} common={common} />,
      );
    case 'listvalue':
      return shell(
        <ListValueSelect
          category={field.category}
          name={name}
          className={`form-select ${error ? 'is-invalid' : ''}`}
          common={common}
        />,
      );
    case 'reference':
      return shell(<ReferenceInput field={field} name={name} common={common} invalid={Boolean(error)} label={label} />);
    case 'multireference':
      return shell(<MultiReferenceInput field={field} name={name} common={common} invalid={Boolean(error)} />);
    case 'image':
      return shell(<ImageInput field={field} name={name} common={common} label={label} folder={meta.entity} />);
    case 'children':
      return (
        <ChildTable
          field={field}
          name={name}
          scope={`${scope}.${field.name}`}
          label={label}
          error={error}
          disabled={common.disabled}
        />
      );
  }
}

function ChildTable({
  field,
  name,
  scope,
  label,
  error,
  disabled,
}: {
  field: NormalisedChildTable;
  name: string;
  scope: string;
  label: string;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { fields: rows, append, remove } = useFieldArray({ name });
  const columns = field.fields.filter((f) => !f.system && !f.hidden);
  const id = useId();
  // Focus follows "Add row": the new row's first input, found in the DOM (a combobox or select
  // registers no focusable ref with the form, so the form's own shouldFocus finds nothing).
  const body = useRef<HTMLTableSectionElement>(null);
  const [added, setAdded] = useState<number | null>(null);
  useEffect(() => {
    if (added === null) return;
    body.current?.rows[added]
      ?.querySelector<HTMLElement>(
        'input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled)',
      )
      ?.focus();
    setAdded(null);
  }, [added, rows.length]);
  return (
    <fieldset className="mb-3 field child-table" aria-describedby={describedBy(id, field.help, error)}>
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
          <tbody ref={body}>
            {rows.length === 0 && (
              <tr>
                <td colSpan={columns.length + 2} className="text-body-secondary">
                  {t('form.noRows')}
                </td>
              </tr>
            )}
            {rows.map((row, i) => (
              <tr key={row.id}>
                <td className="text-body-secondary child-row-number">{i + 1}</td>
                {columns.map((column) => (
                  <td key={column.name} data-label={fieldLabel(t, scope, column)}>
                    <FieldInput
                      field={column}
                      name={`${name}.${i}.${column.name}`}
                      scope={scope}
                      disabled={disabled}
                      compact
                      labelSuffix={t('form.rowSuffix', { n: i + 1 })}
                    />
                  </td>
                ))}
                <td className="child-row-actions">
                  {!disabled && (
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      aria-label={t('form.removeRow', { label, n: i + 1 })}
                      onClick={() => remove(i)}
                    >
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
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          aria-label={t('form.addRowTo', { label })}
          onClick={() => {
            append(emptyChildRow(field), { shouldFocus: false });
            setAdded(rows.length);
          }}
        >
          <i className="bi bi-plus-lg" aria-hidden="true" /> {t('form.addRow')}
        </button>
      )}
      {field.help && (
        <div id={`${id}-help`} className="form-text">
          {registryText(t, field.help)}
        </div>
      )}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
