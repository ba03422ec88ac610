import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FEATURE_KEYS, type FeatureSwitches } from '@backroom/schema';
import { FormAlert } from '../ui/FormAlert';
import { Spinner } from '../ui/Spinner';
import { TitledCard } from '../ui/TitledCard';
import { featuresApi } from './api';
import { SaveAlerts, SaveButton } from './SaveBar';
import { useErrorText } from '../screens/errorText';
import type { SingleScreenProps } from '../screens/webModule';

const FEATURES_KEY = ['feature'];

/** `feature`: the optional modules; a module switched off leaves the menu and its API refuses calls. */
export default function FeatureScreen({ item }: SingleScreenProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const features = useQuery({ queryKey: FEATURES_KEY, queryFn: featuresApi.get });

  if (features.isPending) return <Spinner />;
  return (
    <TitledCard titleId="feature-title" title={t('singles.feature.title')}>
      <p className="text-body-secondary">{t('singles.feature.intro')}</p>
      {features.isError && <FormAlert>{errorText(features.error)}</FormAlert>}
      {features.data && <FeatureForm switches={features.data} ableToEdit={item.ableToEdit} />}
    </TitledCard>
  );
}

/**
 * The switches, made with the stored values: filled in after a first render (an effect), they
 * showed every module off for a moment.
 */
function FeatureForm({ switches, ableToEdit }: { switches: FeatureSwitches; ableToEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { register, handleSubmit, reset, formState } = useForm<FeatureSwitches>({ defaultValues: switches });
  useEffect(() => reset(switches), [switches, reset]);

  const save = useMutation({
    mutationFn: featuresApi.save,
    onSuccess: (next) => {
      queryClient.setQueryData(FEATURES_KEY, next);
      void queryClient.invalidateQueries({ queryKey: ['menu'] });
    },
  });

  return (
    <>
      <SaveAlerts save={save} saved={t('singles.feature.saved')} dirty={formState.isDirty} />
      <form onSubmit={handleSubmit((values) => save.mutate(values))} noValidate>
        <fieldset disabled={!ableToEdit}>
          <legend className="visually-hidden">{t('singles.feature.title')}</legend>
          {FEATURE_KEYS.map((key) => (
            <div key={key} className="form-check form-switch mb-3">
              <input
                id={`feature-${key}`}
                type="checkbox"
                role="switch"
                className="form-check-input"
                aria-describedby={`feature-${key}-hint`}
                {...register(key)}
              />
              <label htmlFor={`feature-${key}`} className="form-check-label">
                {t(`singles.feature.modules.${key}.label`)}
              </label>
              <div id={`feature-${key}-hint`} className="form-text mt-0">
                {t(`singles.feature.modules.${key}.hint`)}
              </div>
            </div>
          ))}
          <SaveButton pending={save.isPending} />
        </fieldset>
      </form>
    </>
  );
}
