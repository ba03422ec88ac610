import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FEATURE_KEYS, type FeatureSwitches } from '@backroom/schema';
import { FormAlert } from '../ui/FormAlert';
import { Spinner } from '../ui/Spinner';
import { featuresApi } from './api';
import { useErrorText, useSingleScreen, type SingleScreenProps } from './useSingleScreen';

const FEATURES_KEY = ['feature'];

/** `feature`: the optional modules; a module switched off leaves the menu and its API refuses calls. */
export default function FeatureScreen({ item }: SingleScreenProps) {
  const { t } = useTranslation();
  useSingleScreen(item);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const features = useQuery({ queryKey: FEATURES_KEY, queryFn: featuresApi.get });
  const { register, handleSubmit, reset, formState } = useForm<FeatureSwitches>();
  useEffect(() => {
    if (features.data) reset(features.data);
  }, [features.data, reset]);

  const save = useMutation({
    mutationFn: featuresApi.save,
    onSuccess: (next) => {
      queryClient.setQueryData(FEATURES_KEY, next);
      void queryClient.invalidateQueries({ queryKey: ['menu'] });
    },
  });

  if (features.isPending) return <Spinner />;
  return (
    <section className="card" aria-labelledby="feature-title">
      <div className="card-body">
        <h2 id="feature-title" className="h4">
          {t('singles.feature.title')}
        </h2>
        <p className="text-body-secondary">{t('singles.feature.intro')}</p>
        {features.isError && <FormAlert>{errorText(features.error)}</FormAlert>}
        {save.isError && <FormAlert>{errorText(save.error)}</FormAlert>}
        {save.isSuccess && !formState.isDirty && <FormAlert tone="success">{t('singles.feature.saved')}</FormAlert>}
        <form onSubmit={handleSubmit((values) => save.mutate(values))} noValidate>
          <fieldset disabled={!item.ableToEdit || !features.data}>
            <legend className="visually-hidden">{t('singles.feature.title')}</legend>
            {FEATURE_KEYS.map((key) => (
              <div key={key} className="form-check form-switch mb-3">
                <input id={`feature-${key}`} type="checkbox" role="switch" className="form-check-input" aria-describedby={`feature-${key}-hint`} {...register(key)} />
                <label htmlFor={`feature-${key}`} className="form-check-label">
                  {t(`singles.feature.modules.${key}.label`)}
                </label>
                <div id={`feature-${key}-hint`} className="form-text mt-0">
                  {t(`singles.feature.modules.${key}.hint`)}
                </div>
              </div>
            ))}
            <button type="submit" className="btn btn-primary" disabled={save.isPending}>
              {t('singles.save')}
            </button>
          </fieldset>
        </form>
      </div>
    </section>
  );
}
