import { useEffect, useState } from 'react';
import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { CaptchaResult, Language, Registration } from '@/types/api.gen';
import { HomeFields, OwnerFields, useSignupForm } from '@/components/SignupField';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { currentLanguage } from '@/lib/i18n';
import { getCaptcha, getRegistration, lookupFacility, registerFacility, resubmit } from '../api/signup';
import { AuthShell } from '../components/AuthShell';
import { EMPTY_SIGNUP, type SignupValues, STEP_FIELDS } from '@/lib/facility/signupRules';

/**
 * /signup: a home signs up from the sign-in page in three steps (the home, its owner, the picture code), or
 * with ?fix= the owner of a refused sign-up corrects it and sends it again (spec 000 §4 "Tenant audit", §5 bounds).
 */
export default function SignupPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const fix = params.get('fix') ?? '';
  const form = useSignupForm(EMPTY_SIGNUP);
  const { values, setValues, errors, setErrors, check } = form;
  const [step, setStep] = useState(0);
  const [captcha, setCaptcha] = useState<CaptchaResult | null>(null);
  const [captchaCode, setCaptchaCode] = useState('');
  const [registered, setRegistered] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [refused, setRefused] = useState<Registration | null>(null);
  const [badLink, setBadLink] = useState(false);

  useEffect(() => {
    if (!fix) return;
    getRegistration(fix).then(
      (r) => {
        setRefused(r);
        setValues((v) => ({ ...v, ...r, timeZone: r.timeZone || 'PT' }));
      },
      () => setBadLink(true),
    );
  }, [fix, setValues]);
  const loadCaptcha = () => getCaptcha().then(setCaptcha, () => undefined);
  useEffect(() => {
    if (!fix && step === 2 && !captcha) void loadCaptcha();
  }, [fix, step, captcha]);

  const send = useAppMutation({
    mutationFn: () =>
      fix
        ? resubmit({ token: fix, ...pick(values) })
        : registerFacility({
            ...pick(values),
            ownerName: values.ownerName.trim(),
            account: values.account.trim(),
            email: values.email.trim(),
            phone: values.phone.trim(),
            language: currentLanguage() as Language,
            captchaId: captcha?.captchaId ?? '',
            captchaCode: captchaCode.trim(),
          }),
    onSuccess: () => setDone(fix ? t('platform.signup.resentBody') : t('platform.signup.doneBody', { email: values.email.trim() })),
    onError: (err) => {
      setErrors(fieldErrors(err));
      if (!fix) {
        setCaptcha(null);
        setCaptchaCode('');
      }
    },
  });

  const nextFromHome = async () => {
    if (!check(STEP_FIELDS[0])) return;
    if (!fix) {
      const found = await lookupFacility(values.businessLicense.trim(), values.zipCode.trim()).catch(() => null);
      if (found?.registered) {
        setRegistered(found.facilityName ?? '');
        return;
      }
    }
    setRegistered(null);
    if (fix) send.mutate();
    else setStep(1);
  };

  if (done || badLink) {
    return (
      <AuthShell title={done ? t('platform.signup.doneTitle') : t('platform.signup.fixTitle')}>
        <Callout intent={done ? Intent.SUCCESS : Intent.WARNING} data-testid="signup-done">
          {done ?? t('platform.signup.badLink')}
        </Callout>
        <p className="hearth-gap-top">
          <Link to="/login">{t('platform.signup.toLogin')}</Link>
        </p>
      </AuthShell>
    );
  }

  return (
    <AuthShell title={fix ? t('platform.signup.fixTitle') : t('platform.signup.title')}>
      <p className="hearth-muted">{fix ? t('platform.signup.fixIntro') : t('platform.signup.intro')}</p>
      {refused?.refuseReason ? (
        <Callout intent={Intent.WARNING} data-testid="signup-reason">
          {t('platform.signup.reason', { reason: refused.refuseReason })}
        </Callout>
      ) : null}
      {!fix ? (
        <p aria-live="polite" data-testid="signup-step">
          {[t('platform.signup.stepHome'), t('platform.signup.stepOwner'), t('platform.signup.stepSend')]
            .map((s, i) => (i === step ? `● ${s}` : `○ ${s}`))
            .join('  ')}
        </p>
      ) : null}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (step === 0) void nextFromHome();
          else if (step === 1 && check(STEP_FIELDS[1])) setStep(2);
          else if (step === 2) send.mutate();
        }}
      >
        {step === 0 ? (
          <>
            <HomeFields form="signup" state={form} />
            {registered !== null ? (
              <Callout intent={Intent.WARNING} data-testid="signup-registered">
                {t('platform.signup.registered', { name: registered })}
              </Callout>
            ) : null}
          </>
        ) : null}
        {step === 1 ? (
          <>
            <OwnerFields form="signup" state={form} ownerLabel={t('platform.signup.ownerName')} />
          </>
        ) : null}
        {step === 2 ? (
          <FormGroup label={t('platform.signup.captcha')} labelFor="signup-captcha" helperText={errors.captchaCode}>
            {captcha ? <img src={captcha.image} alt={t('platform.signup.captchaImage')} width={240} height={80} /> : null}
            <InputGroup
              id="signup-captcha"
              value={captchaCode}
              maxLength={10}
              autoComplete="off"
              onChange={(e) => setCaptchaCode(e.currentTarget.value)}
            />
            <Button variant="minimal" onClick={() => void loadCaptcha()}>
              {t('platform.signup.newCaptcha')}
            </Button>
          </FormGroup>
        ) : null}
        <div className="hearth-filter-bar">
          {step > 0 ? <Button onClick={() => setStep(step - 1)}>{t('platform.signup.back')}</Button> : null}
          <Button type="submit" intent={Intent.PRIMARY} loading={send.isPending} data-testid="signup-next">
            {fix ? t('platform.signup.resend') : step === 2 ? t('platform.signup.send') : t('platform.signup.next')}
          </Button>
        </div>
      </form>
      <p className="hearth-gap-top">
        <Link to="/login">{t('platform.signup.toLogin')}</Link>
      </p>
    </AuthShell>
  );
}

function pick(v: SignupValues) {
  return {
    facilityName: v.facilityName.trim(),
    businessLicense: v.businessLicense.trim(),
    zipCode: v.zipCode.trim(),
    address: v.address.trim(),
    timeZone: v.timeZone,
    introduction: v.introduction.trim(),
  };
}
