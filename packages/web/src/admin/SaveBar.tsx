import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../ui/FormAlert';
import { useErrorText } from '../screens/errorText';

/** The outcome of a single screen's save: `saved` once it succeeded and the form is clean again, else the failure (with `onError` after it). */
export function SaveAlerts({
  save,
  saved,
  dirty,
  onError,
}: {
  save: { isSuccess: boolean; isError: boolean; error: unknown };
  saved: string;
  dirty: boolean;
  onError?: ReactNode;
}) {
  const errorText = useErrorText();
  return (
    <>
      {save.isSuccess && !dirty && <FormAlert tone="success">{saved}</FormAlert>}
      {save.isError && (
        <FormAlert>
          {/* Alone, the text keeps FormAlert's rule that an empty message shows nothing. */}
          {onError === undefined ? (
            errorText(save.error)
          ) : (
            <>
              {errorText(save.error)}
              {onError}
            </>
          )}
        </FormAlert>
      )}
    </>
  );
}

/** The submit button of a single screen's form, disabled while the save is under way. */
export function SaveButton({ pending }: { pending: boolean }) {
  const { t } = useTranslation();
  return (
    <button type="submit" className="btn btn-primary" disabled={pending}>
      {t('singles.save')}
    </button>
  );
}
