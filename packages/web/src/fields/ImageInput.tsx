import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useController } from 'react-hook-form';
import type { NormalisedField } from '@backroom/schema';
import { apiFailure, dataApi } from '../data/api';
import type { Common } from './FieldShell';

/** One image or several: uploaded as they are chosen, shown as thumbnails, the stored paths kept. */
export function ImageInput({
  field,
  name,
  common,
  label,
  folder,
}: {
  field: Extract<NormalisedField, { kind: 'image' }>;
  name: string;
  common: Common;
  label: string;
  folder: string;
}) {
  const { t } = useTranslation();
  const { field: value } = useController({ name });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const paths = (
    field.multiple ? (Array.isArray(value.value) ? value.value : []) : value.value ? [value.value] : []
  ) as string[];
  const onFiles = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    setBusy(true);
    setFailure('');
    try {
      const uploaded: string[] = [];
      for (const file of [...files].slice(0, field.multiple ? files.length : 1))
        uploaded.push((await dataApi.upload(file, folder)).url);
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
              <img
                src={path}
                alt={t('form.imageAlt', { label, n: i + 1 })}
                className="img-thumbnail"
                width={96}
                height={96}
              />
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
      <input
        type="file"
        accept="image/*"
        multiple={field.multiple}
        className="form-control"
        {...common}
        disabled={common.disabled || busy}
        onChange={(event) => void onFiles(event.target.files)}
      />
      {busy && (
        <div className="form-text" role="status">
          {t('form.uploading')}
        </div>
      )}
      {failure && (
        <div className="text-danger small" role="alert">
          {t('form.uploadFailed', { message: failure })}
        </div>
      )}
    </div>
  );
}
