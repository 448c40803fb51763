import { useEffect, useState, type FormEvent } from 'react';
import { Button, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { EnvelopeIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { VerifyCodeLength } from '@/types/api.gen';

interface Props {
  maskedEmail: string;
  busy: boolean;
  resending: boolean;
  /** Epoch ms before which Resend stays disabled (60 s after each code, spec 001 §9). */
  resendAt: number;
  error: string | null;
  onSubmit: (code: string) => void;
  onResend: () => void;
  onBack: () => void;
}

/** Step 3: the 6-digit code e-mailed to the user. */
export function CodeStep({ maskedEmail, busy, resending, resendAt, error, onSubmit, onResend, onBack }: Props) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const wait = Math.max(0, Math.ceil((resendAt - now) / 1000));

  const complete = new RegExp(`^\\d{${VerifyCodeLength}}$`).test(code);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (complete) onSubmit(code);
  };
  const message = error ?? (touched && !complete ? t('auth.code.invalid') : null);

  return (
    <form onSubmit={submit} noValidate>
      <p className="hearth-muted">{t('auth.code.sentTo', { email: maskedEmail })}</p>
      <FormGroup
        label={t('auth.code.label')}
        labelFor="login-code"
        intent={message ? Intent.DANGER : Intent.NONE}
        helperText={message ?? undefined}
      >
        <InputGroup
          id="login-code"
          name="code"
          size="large"
          autoFocus
          inputMode="numeric"
          autoComplete="one-time-code"
          leftIcon={<EnvelopeIcon />}
          maxLength={VerifyCodeLength}
          value={code}
          onValueChange={(v) => setCode(v.replace(/\D/g, '').slice(0, VerifyCodeLength))}
          intent={message ? Intent.DANGER : Intent.NONE}
          className="hearth-code-input"
        />
      </FormGroup>
      <Button type="submit" intent={Intent.PRIMARY} size="large" fill loading={busy}>
        {t('auth.code.submit')}
      </Button>
      <div className="hearth-auth-links">
        <Button variant="minimal" size="small" onClick={onBack}>
          {t('auth.facility.otherAccount')}
        </Button>
        <Button variant="minimal" size="small" disabled={wait > 0 || resending} loading={resending} onClick={onResend}>
          {wait > 0 ? t('auth.code.resendIn', { seconds: wait }) : t('auth.code.resend')}
        </Button>
      </div>
    </form>
  );
}
