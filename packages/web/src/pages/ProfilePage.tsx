import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OtpSetupResponse, UserInfo } from '@backroom/schema';
import { authApi } from '../api/endpoints';
import { usePageName } from '../store/usePageName';
import { schemaResolver } from '../forms/lazyResolver';
import { useAppDispatch, useAppSelector } from '../store';
import { setToken, setUserInfo } from '../store/userSlice';
import { FormAlert } from '../ui/FormAlert';
import { TextField } from '../ui/TextField';
import { authErrorText } from './authErrors';

interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const changePasswordResolver = schemaResolver<ChangePasswordValues>('changePasswordForm');
const enableOtpResolver = schemaResolver<{ otp: string; password: string }>('enableOtpForm');
const disableOtpResolver = schemaResolver<{ password: string }>('disableOtpForm');

function ChangePasswordForm({ userInfo }: { userInfo: UserInfo }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [failure, setFailure] = useState('');
  const [done, setDone] = useState(false);
  const { register, handleSubmit, formState, reset } = useForm<ChangePasswordValues>({
    resolver: changePasswordResolver,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFailure('');
    setDone(false);
    try {
      const { token } = await authApi.changePassword({ currentPassword, newPassword });
      // The server ends the other sessions and hands this one a fresh pair.
      dispatch(setToken(token));
      if (userInfo.mustChangePassword) dispatch(setUserInfo({ ...userInfo, mustChangePassword: false }));
      reset();
      setDone(true);
    } catch (error) {
      setFailure(authErrorText(error, t));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="change-password-heading">
      <h2 id="change-password-heading" className="h5">
        {t('profile.changePassword')}
      </h2>
      {userInfo.mustChangePassword && <FormAlert tone="info">{t('profile.mustChange')}</FormAlert>}
      <FormAlert>{failure}</FormAlert>
      {done && <FormAlert tone="success">{t('profile.passwordChanged')}</FormAlert>}
      <TextField
        label={t('auth.fields.currentPassword')}
        registration={register('currentPassword')}
        error={formState.errors.currentPassword?.message}
        type="password"
        autoComplete="current-password"
      />
      <TextField
        label={t('auth.fields.newPassword')}
        registration={register('newPassword')}
        error={formState.errors.newPassword?.message}
        type="password"
        autoComplete="new-password"
      />
      <TextField
        label={t('auth.fields.confirmPassword')}
        registration={register('confirmPassword')}
        error={formState.errors.confirmPassword?.message}
        type="password"
        autoComplete="new-password"
      />
      <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
        {t('profile.changePasswordSubmit')}
      </button>
    </form>
  );
}

function QrCode({ text }: { text: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState('');
  useEffect(() => {
    let cancelled = false;
    // qrcode is only needed here, so it loads with this step and not with the app.
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(text, { margin: 1, width: 200 }))
      .then((url) => {
        if (!cancelled) setSrc(url);
      })
      .catch((error: unknown) => console.error('Could not draw the QR code', error));
    return () => {
      cancelled = true;
    };
  }, [text]);
  return src ? (
    <img src={src} width={200} height={200} alt={t('profile.otp.qrAlt')} className="border rounded" />
  ) : (
    <div className="spinner-border" role="status" aria-label={t('common.loading')} />
  );
}

function EnableOtp({ userInfo }: { userInfo: UserInfo }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [setup, setSetup] = useState<OtpSetupResponse | null>(null);
  const [failure, setFailure] = useState('');
  const [starting, setStarting] = useState(false);
  const { register, handleSubmit, formState } = useForm<{ otp: string; password: string }>({
    resolver: enableOtpResolver,
    defaultValues: { otp: '', password: '' },
  });

  const start = async () => {
    setFailure('');
    setStarting(true);
    try {
      setSetup(await authApi.setupOtp());
    } catch (error) {
      setFailure(authErrorText(error, t));
    } finally {
      setStarting(false);
    }
  };

  const confirm = handleSubmit(async ({ otp, password }) => {
    setFailure('');
    try {
      await authApi.enableOtp(otp, password);
      dispatch(setUserInfo({ ...userInfo, otpEnabled: true }));
    } catch (error) {
      setFailure(authErrorText(error, t, { 401: 'auth.errors.invalidCode' }));
    }
  });

  if (!setup) {
    return (
      <>
        <p>{t('profile.otp.off')}</p>
        <FormAlert>{failure}</FormAlert>
        <button type="button" className="btn btn-outline-primary" onClick={() => void start()} disabled={starting}>
          {t('profile.otp.setUp')}
        </button>
      </>
    );
  }

  return (
    <form onSubmit={confirm} noValidate aria-label={t('profile.otp.confirmStep')}>
      <p>{t('profile.otp.scan')}</p>
      <QrCode text={setup.otpauthUrl} />
      <p className="mt-2">
        {t('profile.otp.secret')} <code className="user-select-all">{setup.secret}</code>
      </p>
      <FormAlert>{failure}</FormAlert>
      <TextField
        label={t('auth.otp.code')}
        hint={t('auth.otp.heading')}
        registration={register('otp')}
        error={formState.errors.otp?.message}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
      />
      <TextField
        label={t('auth.fields.password')}
        registration={register('password')}
        error={formState.errors.password?.message}
        type="password"
        autoComplete="current-password"
      />
      <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
        {t('profile.otp.enable')}
      </button>
    </form>
  );
}

function DisableOtp({ userInfo }: { userInfo: UserInfo }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [failure, setFailure] = useState('');
  const { register, handleSubmit, formState } = useForm<{ password: string }>({
    resolver: disableOtpResolver,
    defaultValues: { password: '' },
  });
  const submit = handleSubmit(async ({ password }) => {
    setFailure('');
    try {
      await authApi.disableOtp(password);
      dispatch(setUserInfo({ ...userInfo, otpEnabled: false }));
    } catch (error) {
      setFailure(authErrorText(error, t));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('profile.otp.disable')}>
      <p>{t('profile.otp.on')}</p>
      <FormAlert>{failure}</FormAlert>
      <TextField
        label={t('auth.fields.password')}
        registration={register('password')}
        error={formState.errors.password?.message}
        type="password"
        autoComplete="current-password"
      />
      <button type="submit" className="btn btn-outline-danger" disabled={formState.isSubmitting}>
        {t('profile.otp.disable')}
      </button>
    </form>
  );
}

export default function ProfilePage() {
  const { t } = useTranslation();
  usePageName(t('profile.title'));
  const dispatch = useAppDispatch();
  const userInfo = useAppSelector((state) => state.user.userInfo);
  // Refresh what the store remembers of the user from the server.
  useQuery({
    queryKey: ['me'],
    queryFn: async () => {
      const me = await authApi.me();
      dispatch(setUserInfo(me));
      return me;
    },
  });

  if (!userInfo) return null;
  const details: [string, string][] = [
    [t('profile.displayName'), userInfo.displayName],
    [t('auth.fields.userName'), userInfo.userName],
    [t('profile.role'), userInfo.role],
    [t('profile.email'), userInfo.email || t('profile.none')],
  ];

  return (
    <div className="row g-3">
      <div className="col-lg-4">
        <section className="card" aria-labelledby="profile-details">
          <div className="card-body">
            <h2 id="profile-details" className="h5">
              {t('profile.details')}
            </h2>
            <dl className="mb-0">
              {details.map(([term, value]) => (
                <div key={term} className="mb-2">
                  <dt className="small text-body-secondary fw-normal">{term}</dt>
                  <dd className="mb-0">{value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>
      </div>
      <div className="col-lg-4">
        <section className="card">
          <div className="card-body">
            <ChangePasswordForm userInfo={userInfo} />
          </div>
        </section>
      </div>
      <div className="col-lg-4">
        <section className="card" aria-labelledby="otp-heading">
          <div className="card-body">
            <h2 id="otp-heading" className="h5">
              {t('profile.otp.title')}
            </h2>
            {userInfo.otpEnabled ? <DisableOtp userInfo={userInfo} /> : <EnableOtp userInfo={userInfo} />}
          </div>
        </section>
      </div>
    </div>
  );
}
