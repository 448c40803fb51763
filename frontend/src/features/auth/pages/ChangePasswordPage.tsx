import { useState, type FormEvent } from 'react';
import { Button, Callout, FormGroup, Intent, Spinner } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '@/lib/api/client';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { encodePassword } from '@/lib/crypto/password-codec.js';
import { useSessionStore } from '@/lib/session/store';
import { emailTokenVerify } from '../api/emailTokenVerify';
import { fetchLoginAesKey } from '../api/getPublicConfig';
import { updatePassword } from '../api/updatePassword';
import { AuthShell } from '../components/AuthShell';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { PasswordInput } from '../components/PasswordInput';
import { isAcceptablePassword } from '../passwordRule';
import { signOut } from '../signOut';
import { PasswordMaxLength } from '@/types/api.gen';

/** /change-password: signed in (current + new password), or from an e-mailed link (?token=…). */
export default function ChangePasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <EmailLinkForm token={token} /> : <SignedInForm />;
}

function SignedInForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useSessionStore((s) => s.session);
  const [original, setOriginal] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const change = useAppMutation({
    mutationFn: async () => {
      const key = await fetchLoginAesKey(queryClient);
      return updatePassword({
        userId: session?.userId,
        originalPassword: encodePassword(original, key),
        password: encodePassword(password, key),
      });
    },
    // Other sessions may have been revoked with the old password; sign in again with the new one.
    onSuccess: () => void signOut('/login?changed=1'),
    onError: (err) => {
      if (!isApiError(err)) return;
      if (err.code === '4110') setErrors({ originalPassword: err.message });
      else setErrors(fieldErrors(err));
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setErrors({});
    if (original === '' || !isAcceptablePassword(password) || confirm !== password) return;
    change.mutate();
  };

  const forced = session?.mustChangePassword === true;
  const originalError = errors.originalPassword ?? (touched && original === '' ? t('auth.changePassword.required') : undefined);

  return (
    <AuthShell title={t('auth.changePassword.title')}>
      {forced ? (
        <Callout intent={Intent.WARNING} className="hearth-gap-bottom">
          {t('auth.changePassword.forced')}
        </Callout>
      ) : null}
      <form onSubmit={submit} noValidate>
        <FormGroup
          label={t('auth.changePassword.original')}
          labelFor="original-password"
          intent={originalError ? Intent.DANGER : Intent.NONE}
          helperText={originalError}
        >
          <PasswordInput
            id="original-password"
            autoComplete="current-password"
            autoFocus
            value={original}
            maxLength={PasswordMaxLength}
            onValueChange={setOriginal}
            intent={originalError ? Intent.DANGER : Intent.NONE}
          />
        </FormGroup>
        <NewPasswordFields
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          touched={touched}
          serverError={errors.password}
        />
        <Button type="submit" intent={Intent.PRIMARY} size="large" fill loading={change.isPending}>
          {t('auth.changePassword.submit')}
        </Button>
      </form>
      <div className="hearth-auth-links">
        {forced ? (
          <Button variant="minimal" size="small" onClick={() => void signOut()}>
            {t('auth.logout.action')}
          </Button>
        ) : (
          <Link to="/">{t('auth.changePassword.backHome')}</Link>
        )}
      </div>
    </AuthShell>
  );
}

function EmailLinkForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [spent, setSpent] = useState(false);

  const check = useQuery({
    queryKey: ['system', 'user', 'emailToken', token],
    queryFn: () => emailTokenVerify({ token }),
    retry: false,
    staleTime: Infinity,
  });

  const set = useAppMutation({
    mutationFn: async () => {
      const key = await fetchLoginAesKey(queryClient);
      return emailTokenVerify({ token, password: encodePassword(password, key) });
    },
    onSuccess: () => void navigate('/login?changed=1', { replace: true }),
    onError: (err) => {
      if (!isApiError(err)) return;
      if (err.code === '4111') setSpent(true);
      else setErrors(fieldErrors(err));
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setErrors({});
    if (!isAcceptablePassword(password) || confirm !== password) return;
    set.mutate();
  };

  const invalid = spent || check.isError || (check.data !== undefined && (!check.data.valid || check.data.done));

  return (
    <AuthShell title={t('auth.changePassword.setTitle')}>
      {check.isPending ? (
        <div className="hearth-center">
          <Spinner size={24} aria-label={t('auth.changePassword.checking')} />
          <p className="hearth-muted">{t('auth.changePassword.checking')}</p>
        </div>
      ) : invalid ? (
        <Callout intent={Intent.WARNING} className="hearth-gap-bottom">
          {t('auth.changePassword.linkInvalid')}
        </Callout>
      ) : (
        <form onSubmit={submit} noValidate>
          {check.data?.account ? <p className="hearth-muted">{t('auth.changePassword.setFor', { account: check.data.account })}</p> : null}
          <NewPasswordFields
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
            touched={touched}
            serverError={errors.password}
          />
          <Button type="submit" intent={Intent.PRIMARY} size="large" fill loading={set.isPending}>
            {t('auth.changePassword.submit')}
          </Button>
        </form>
      )}
      <div className="hearth-auth-links">
        <Link to="/login">{t('auth.changePassword.toLogin')}</Link>
      </div>
    </AuthShell>
  );
}
