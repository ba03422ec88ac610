import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SheetMappingOffer, SheetSourceRead } from '@backroom/schema';
import type { MappingChoice } from '../api/sheets';
import { registryText } from '../i18n/registryText';

const compact = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The server matches headers by field name, English label and synonyms; a header left unmatched is
 * matched here by the field's label in the user's language (the translations live in the browser).
 */
export function withTranslatedLabels(
  offer: SheetMappingOffer,
  translate: (label: string) => string,
): SheetMappingOffer['columns'] {
  const byLabel = new Map(offer.fields.map((f) => [compact(translate(f.label)), f.name]));
  return offer.columns.map((c) => {
    if (c.field || c.by !== 'none') return c;
    const field = byLabel.get(compact(c.header));
    return field ? { ...c, field, by: 'label' } : c;
  });
}

/** Whether a file needs no question: no known source, and every header a field's own name or label. */
export const needsNoQuestion = (offer: SheetMappingOffer, columns: SheetMappingOffer['columns']) =>
  !offer.source && columns.every((c) => c.by === 'name' || c.by === 'label');

/**
 * The mapping step before a file is checked: each column and the field it goes into (or ignored),
 * changeable; for a known source's export, its recognised mapping — each column it reads
 * confirmed, sent into another field or ignored (saved for that source), those it needs whatever
 * is chosen (variant options, stock per location) said as read — and where its tags go.
 */
export function MappingStep({
  offer,
  fileName,
  onConfirm,
  onCancel,
}: {
  offer: SheetMappingOffer;
  fileName: string;
  onConfirm: (choice: MappingChoice) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const label = (name: string) => {
    const field = offer.fields.find((f) => f.name === name);
    return field ? registryText(t, field.label) : name;
  };
  // The field a known source offers for a column it reads into several says each of them ("Name, Parent product").
  const offered = (i: number, name: string) => {
    const feeds = offer.columns[i]!.feeds;
    return feeds && offer.columns[i]!.field === name ? feeds.map(label).join(', ') : label(name);
  };
  const [columns, setColumns] = useState(() => withTranslatedLabels(offer, (l) => registryText(t, l)));
  const [tagsTo, setTagsTo] = useState(offer.tagsTo);
  const fed = (i: number) => {
    const feeds = offer.columns[i]!.feeds;
    return feeds && columns[i]!.field === offer.columns[i]!.field ? feeds : [columns[i]!.field];
  };
  const taken = new Set(columns.flatMap((_, i) => fed(i)).filter(Boolean));
  // A known source's columns — those it reads into a field and those it does not (a metafield) — may be
  // sent into a field or ignored; its Tags go where the tags choice says; those it needs whatever is
  // chosen (variant options, stock) are read, and not sent.
  const editable = (i: number) => !offer.source || (offer.columns[i]!.header !== 'Tags' && !offer.columns[i]!.reads);
  const reads = (read: SheetSourceRead) =>
    read.as === 'options'
      ? t('sheets.mapping.reads.options')
      : read.as === 'stock'
        ? read.location === null
          ? t('sheets.mapping.reads.stockDefault')
          : t('sheets.mapping.reads.stock', { location: read.location })
        : t('sheets.mapping.reads.field', { field: label(read.field) });
  const missing = offer.fields.filter((f) => f.required && !taken.has(f.name));
  // A saved column whose field is gone (a deleted custom field), offered ignored until the user chooses.
  const lost = columns.filter((c, i) => offer.columns[i]!.lost && c.by === 'saved');

  return (
    <section className="border rounded p-3 mb-3" aria-labelledby="mapping-title">
      <h3 id="mapping-title" className="h5">
        {t('sheets.mapping.title')}
      </h3>
      <p>
        {offer.source
          ? t('sheets.mapping.recognised', { source: offer.source.label, file: fileName })
          : t('sheets.mapping.intro', { file: fileName })}
      </p>
      {offer.source && (
        <div className="mb-3">
          <label htmlFor="tags-to" className="form-label">
            {t('sheets.mapping.tagsTo')}
          </label>
          <select
            id="tags-to"
            className="form-select w-auto"
            value={tagsTo}
            onChange={(event) => setTagsTo(event.target.value as 'tags' | 'category')}
          >
            <option value="tags">{t('sheets.mapping.tagsToTags')}</option>
            <option value="category">{t('sheets.mapping.tagsToCategory')}</option>
          </select>
        </div>
      )}
      {lost.length > 0 && (
        <div className="alert alert-warning" role="status">
          {lost.map((c) => (
            <p key={c.header} className="mb-0">
              {t('sheets.mapping.lost', { column: c.header, field: offer.columns[columns.indexOf(c)]!.lost })}
            </p>
          ))}
        </div>
      )}
      <table className="table table-sm align-middle" aria-label={t('sheets.mapping.table')}>
        <thead>
          <tr>
            <th scope="col">{t('sheets.mapping.column')}</th>
            <th scope="col">{t('sheets.mapping.field')}</th>
            <th scope="col">{t('sheets.mapping.how')}</th>
          </tr>
        </thead>
        <tbody>
          {columns.map((c, i) => (
            <tr key={`${c.header}-${i}`}>
              <th scope="row">{c.header}</th>
              <td>
                {offer.columns[i]!.reads ? (
                  reads(offer.columns[i]!.reads!)
                ) : !editable(i) ? (
                  c.field ? (
                    offered(i, c.field)
                  ) : (
                    <span className="text-body-secondary">{t('sheets.mapping.ignored')}</span>
                  )
                ) : (
                  <select
                    className="form-select form-select-sm"
                    aria-label={t('sheets.mapping.fieldOf', { column: c.header })}
                    value={c.field ?? ''}
                    onChange={(event) =>
                      setColumns(
                        columns.map((other, j) =>
                          j === i ? { ...other, field: event.target.value || null, by: 'sent' } : other,
                        ),
                      )
                    }
                  >
                    <option value="">{t('sheets.mapping.ignore')}</option>
                    {offer.fields.map((f) => (
                      <option key={f.name} value={f.name}>
                        {offered(i, f.name)}
                        {f.required ? ' *' : ''}
                      </option>
                    ))}
                  </select>
                )}
              </td>
              <td className="small text-body-secondary">{t(`sheets.mapping.by.${c.by}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {missing.length > 0 && (
        <p className="text-warning-emphasis" role="status">
          {t('sheets.mapping.missing', { fields: missing.map((f) => registryText(t, f.label)).join(', ') })}
        </p>
      )}
      <div className="d-flex gap-2">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() =>
            onConfirm(
              offer.source
                ? {
                    tagsTo,
                    sourceMapping: Object.fromEntries(
                      columns.flatMap((c, i) => (editable(i) ? [[c.header, c.field]] : [])),
                    ),
                  }
                : { mapping: Object.fromEntries(columns.map((c) => [c.header, c.field])) },
            )
          }
        >
          {t('sheets.mapping.confirm')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('sheets.mapping.cancel')}
        </button>
      </div>
    </section>
  );
}
