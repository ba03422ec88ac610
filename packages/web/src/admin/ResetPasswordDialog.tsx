import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { newPassword } from '@backroom/schema';
import { Dialog } from '../ui/Dialog';
import { FormAlert } from '../ui/FormAlert';
import { TextField } from '../ui/TextField';
import { resetPasswordApi } from './api';
import { useErrorText } from '../screens/errorText';
import { translateMessage } from '../i18n/serverMessages';

const PASSWORDS_DIFFER = 'Passwords do not match';

const resetForm = z
  .object({
    mode: z.enum(['generate', 'set']),
    newPassword: z.string(),
    confirmPassword: z.string(),
    mustChangePassword: z.boolean(),
  })
  .superRefine((values, context) => {
    if (values.mode !== 'set') return;
    const checked = newPassword.safeParse(values.newPassword);
    if (!checked.success)
      context.addIssue({ code: 'custom', path: ['newPassword'], message: checked.error.issues[0]!.message });
    else if (values.confirmPassword !== values.newPassword)
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORDS_DIFFER });
  });
type ResetFormValues = z.infer<typeof resetForm>;

interface ResetPasswordDialogProps {
  userId: number;
  userName: string;
  onClose(): void;
}

/**
 * An administrator resets a user's password: a generated one (shown once) or one they type. The
 * user's sessions end, a lockout lifts, and by default the user must choose a new one at next sign-in.
 */
export function ResetPasswordDialog({ userId, userName, onClose }: ResetPasswordDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const formId = useId();
  const { register, handleSubmit, watch, formState } = useForm<ResetFormValues>({
    resolver: zodResolver(resetForm),
    defaultValues: { mode: 'generate', newPassword: '', confirmPassword: '', mustChangePassword: true },
  });
  const reset = useMutation({
    mutationFn: (values: ResetFormValues) =>
      resetPasswordApi.reset({
        userId,
        mustChangePassword: values.mustChangePassword,
        ...(values.mode === 'set' ? { newPassword: values.newPassword } : {}),
      }),
  });
  const fieldError = (message?: string) => (message ? translateMessage(t, message) : undefined);
  const title = t('singles.resetPassword.title', { userName });

  if (reset.data) {
    return (
      <Dialog
        title={title}
        onCancel={onClose}
        footer={
          <button type="button" className="btn btn-primary" onClick={onClose}>
            {t('singles.resetPassword.done')}
          </button>
        }
      >
        <FormAlert tone="success">
          {t('singles.resetPassword.result', { userName, count: reset.data.sessionsRevoked })}
        </FormAlert>
        {reset.data.generatedPassword && (
          <p>
            {t('singles.resetPassword.generated')}{' '}
            <code className="user-select-all fs-5">{reset.data.generatedPassword}</code>
            <br />
            <small className="text-body-secondary">{t('singles.resetPassword.shownOnce')}</small>
          </p>
        )}
      </Dialog>
    );
  }

  const mode = watch('mode');
  return (
    <Dialog
      title={title}
      onCancel={onClose}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" form={formId} className="btn btn-danger" disabled={reset.isPending}>
            {t('singles.resetPassword.submit')}
          </button>
        </>
      }
    >
      <form id={formId} className="text-start" onSubmit={handleSubmit((values) => reset.mutate(values))} noValidate>
        {reset.isError && <FormAlert>{errorText(reset.error)}</FormAlert>}
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{t('singles.resetPassword.how')}</legend>
          <div className="form-check">
            <input
              id={`${formId}-generate`}
              type="radio"
              value="generate"
              className="form-check-input"
              {...register('mode')}
            />
            <label htmlFor={`${formId}-generate`} className="form-check-label">
              {t('singles.resetPassword.generate')}
            </label>
          </div>
          <div className="form-check">
            <input id={`${formId}-set`} type="radio" value="set" className="form-check-input" {...register('mode')} />
            <label htmlFor={`${formId}-set`} className="form-check-label">
              {t('singles.resetPassword.set')}
            </label>
          </div>
        </fieldset>
        {mode === 'set' && (
          <>
            <TextField
              label={t('auth.fields.newPassword')}
              type="password"
              autoComplete="new-password"
              registration={register('newPassword')}
              error={fieldError(formState.errors.newPassword?.message)}
            />
            <TextField
              label={t('auth.fields.confirmPassword')}
              type="password"
              autoComplete="new-password"
              registration={register('confirmPassword')}
              error={fieldError(formState.errors.confirmPassword?.message)}
            />
          </>
        )}
        <div className="form-check">
          <input
            id={`${formId}-must-change`}
            type="checkbox"
            className="form-check-input"
            {...register('mustChangePassword')}
          />
          <label htmlFor={`${formId}-must-change`} className="form-check-label">
            {t('singles.resetPassword.mustChange')}
          </label>
        </div>
      </form>
    </Dialog>
  );
}
