import { useState, type FormEvent } from 'react';
import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { PersonIcon, RefreshIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { CaptchaResult } from '@/types/api.gen';
import { PasswordInput } from './PasswordInput';
import { CaptchaCodeMax, PasswordMaxLength, SignInAccountMax } from '@/types/api.gen';

export interface AccountValues {
  account: string;
  password: string;
  captchaCode: string;
}

interface Props {
  busy: boolean;
  /** A message above the form (lock, expired code, missing config). */
  notice: string | null;
  captcha: CaptchaResult | null;
  captchaMessage: string | null;
  onNewCaptcha: () => void;
  onSubmit: (values: AccountValues) => void;
  onForgotPassword: (account: string) => void;
}

/** Step 1: account (or e-mail) and password, plus the captcha once the server asks for one. */
export function AccountStep({ busy, notice, captcha, captchaMessage, onNewCaptcha, onSubmit, onForgotPassword }: Props) {
  const { t } = useTranslation();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [captchaCode, setCaptchaCode] = useState('');
  const [touched, setTouched] = useState(false);

  const accountMissing = account.trim() === '';
  const passwordMissing = password === '';
  const captchaMissing = captcha !== null && captchaCode.trim() === '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (accountMissing || passwordMissing || captchaMissing) return;
    onSubmit({ account: account.trim(), password, captchaCode: captchaCode.trim() });
    setCaptchaCode('');
  };

  return (
    <form onSubmit={submit} noValidate>
      {notice ? (
        <Callout intent={Intent.WARNING} className="hearth-gap-bottom" role="alert">
          {notice}
        </Callout>
      ) : null}
      <FormGroup
        label={t('auth.login.account')}
        labelFor="login-account"
        intent={touched && accountMissing ? Intent.DANGER : Intent.NONE}
        helperText={touched && accountMissing ? t('auth.login.accountRequired') : undefined}
      >
        <InputGroup
          id="login-account"
          name="account"
          size="large"
          autoFocus
          autoComplete="username"
          leftIcon={<PersonIcon />}
          placeholder={t('auth.login.accountPlaceholder')}
          value={account}
          maxLength={SignInAccountMax}
          onValueChange={setAccount}
          intent={touched && accountMissing ? Intent.DANGER : Intent.NONE}
        />
      </FormGroup>
      <FormGroup
        label={t('auth.login.password')}
        labelFor="login-password"
        intent={touched && passwordMissing ? Intent.DANGER : Intent.NONE}
        helperText={touched && passwordMissing ? t('auth.login.passwordRequired') : undefined}
      >
        <PasswordInput
          id="login-password"
          name="password"
          size="large"
          autoComplete="current-password"
          placeholder={t('auth.login.passwordPlaceholder')}
          value={password}
          maxLength={PasswordMaxLength}
          onValueChange={setPassword}
          intent={touched && passwordMissing ? Intent.DANGER : Intent.NONE}
        />
      </FormGroup>
      {captcha ? (
        <FormGroup
          label={t('auth.login.captchaLabel')}
          labelFor="login-captcha"
          intent={captchaMessage || (touched && captchaMissing) ? Intent.DANGER : Intent.NONE}
          helperText={captchaMessage ?? (touched && captchaMissing ? t('auth.login.captchaRequired') : undefined)}
        >
          <div className="hearth-captcha">
            <img src={captcha.image} alt={t('auth.login.captchaImage')} className="hearth-captcha-image" />
            <Button variant="minimal" icon={<RefreshIcon />} aria-label={t('auth.login.captchaRefresh')} title={t('auth.login.captchaRefresh')} onClick={onNewCaptcha} />
          </div>
          <InputGroup
            id="login-captcha"
            name="captcha"
            autoComplete="off"
            value={captchaCode}
            maxLength={CaptchaCodeMax}
            onValueChange={setCaptchaCode}
          />
        </FormGroup>
      ) : null}
      <Button type="submit" intent={Intent.PRIMARY} size="large" fill loading={busy}>
        {t('auth.login.submit')}
      </Button>
      <div className="hearth-auth-links">
        <Button variant="minimal" size="small" onClick={() => onForgotPassword(account.trim())}>
          {t('auth.login.forgotPassword')}
        </Button>
      </div>
    </form>
  );
}
