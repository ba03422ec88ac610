import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { saveCompanyRequest, type CompanyDto, type CompanySettings } from '@backroom/schema';
import { FormAlert } from '../ui/FormAlert';
import { Spinner } from '../ui/Spinner';
import { TextField } from '../ui/TextField';
import { TitledCard } from '../ui/TitledCard';
import { companyApi } from './api';
import { AppSettings } from './AppSettings';
import { SaveAlerts, SaveButton } from './SaveBar';
import { TimezoneField } from '../ui/TimezoneField';
import { useErrorText } from '../screens/errorText';
import { translateMessage } from '../i18n/serverMessages';
import type { SingleScreenProps } from '../screens/webModule';
import { companyFormatQuery } from '../data/useValueFormat';

/** The server's request minus the version (kept aside), with the currency as the select's text. */
const companyForm = saveCompanyRequest
  .omit({ version: true, baseCurrencyId: true })
  .extend({ baseCurrencyId: z.string() });
type CompanyFormInput = z.input<typeof companyForm>;
type CompanyFormOutput = z.output<typeof companyForm>;

const COMPANY_KEY = ['company'];

const formValues = (company: CompanyDto): CompanyFormInput => ({
  name: company.name,
  registrationNo: company.registrationNo ?? '',
  taxRegistrationNo: company.taxRegistrationNo ?? '',
  address: company.address ?? '',
  logo: company.logo ?? '',
  baseCurrencyId: company.baseCurrencyId === null ? '' : String(company.baseCurrencyId),
  timezone: company.timezone,
});

const isConflict = (error: unknown) => (error as { response?: { status?: number } } | null)?.response?.status === 409;

function CompanyForm({
  settings,
  readOnly,
}: {
  settings: CompanySettings & { company: CompanyDto };
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const addressId = useId();
  const currencyId = useId();
  const { company, currencies } = settings;
  const { register, handleSubmit, reset, formState } = useForm<CompanyFormInput, unknown, CompanyFormOutput>({
    resolver: zodResolver(companyForm),
    defaultValues: formValues(company),
  });
  useEffect(() => reset(formValues(company)), [company, reset]);

  const save = useMutation({
    mutationFn: (values: CompanyFormOutput) =>
      companyApi.save({
        ...values,
        version: company.version,
        baseCurrencyId: values.baseCurrencyId ? Number(values.baseCurrencyId) : null,
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData<CompanySettings>(COMPANY_KEY, { ...settings, company: saved });
      // The footer's name and every screen's currency and time zone come from the company.
      await queryClient.invalidateQueries({ queryKey: companyFormatQuery.queryKey });
    },
  });
  const fieldError = (message?: string) => (message ? translateMessage(t, message) : undefined);
  const { errors } = formState;
  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: COMPANY_KEY });
    const fresh = queryClient.getQueryData<CompanySettings>(COMPANY_KEY)?.company;
    if (fresh) reset(formValues(fresh));
    save.reset();
  };

  return (
    <form onSubmit={handleSubmit((values) => save.mutate(values))} noValidate>
      <SaveAlerts
        save={save}
        saved={t('singles.company.saved')}
        dirty={formState.isDirty}
        onError={
          isConflict(save.error) && (
            <button type="button" className="btn btn-link p-0 ms-2 align-baseline" onClick={() => void reload()}>
              {t('common.reload')}
            </button>
          )
        }
      />
      <fieldset disabled={readOnly}>
        <TextField
          label={t('singles.company.name')}
          registration={register('name')}
          error={fieldError(errors.name?.message)}
          required
        />
        <div className="row">
          <TextField
            className="col-md-6"
            label={t('singles.company.registrationNo')}
            registration={register('registrationNo')}
            error={fieldError(errors.registrationNo?.message)}
          />
          <TextField
            className="col-md-6"
            label={t('singles.company.taxRegistrationNo')}
            registration={register('taxRegistrationNo')}
            error={fieldError(errors.taxRegistrationNo?.message)}
          />
        </div>
        <div className="mb-3">
          <label htmlFor={addressId} className="form-label">
            {t('singles.company.address')}
          </label>
          <textarea
            id={addressId}
            rows={3}
            className={`form-control ${errors.address ? 'is-invalid' : ''}`}
            {...register('address')}
          />
          {errors.address && <div className="invalid-feedback">{fieldError(errors.address.message)}</div>}
        </div>
        <TextField
          label={t('singles.company.logo')}
          hint={t('singles.company.logoHint')}
          registration={register('logo')}
          error={fieldError(errors.logo?.message)}
        />
        <div className="row">
          <div className="col-md-6 mb-3">
            <label htmlFor={currencyId} className="form-label">
              {t('singles.company.baseCurrency')}
            </label>
            <select id={currencyId} className="form-select" {...register('baseCurrencyId')}>
              <option value="">{t('singles.company.noCurrency')}</option>
              {currencies.map((currency) => (
                <option key={currency.id} value={currency.id}>
                  {currency.code} - {currency.name}
                </option>
              ))}
            </select>
          </div>
          <div className="col-md-6">
            <TimezoneField
              label={t('singles.company.timezone')}
              registration={register('timezone')}
              error={fieldError(errors.timezone?.message)}
            />
          </div>
        </div>
        <SaveButton pending={save.isPending} />
      </fieldset>
    </form>
  );
}

/** `company`: the one row of company settings, then the app settings and top-menu links. */
export default function CompanyScreen({ item }: SingleScreenProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const settings = useQuery({ queryKey: COMPANY_KEY, queryFn: companyApi.get });
  if (settings.isPending) return <Spinner />;
  const data = settings.data;
  return (
    <TitledCard titleId="company-title" title={t('singles.company.title')}>
      {settings.isError && <FormAlert>{errorText(settings.error)}</FormAlert>}
      {data && !data.company && <FormAlert tone="info">{t('singles.company.none')}</FormAlert>}
      {data?.company && <CompanyForm settings={{ ...data, company: data.company }} readOnly={!item.ableToEdit} />}
      <AppSettings readOnly={!item.ableToEdit} />
    </TitledCard>
  );
}
