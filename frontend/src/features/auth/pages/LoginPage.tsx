import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Callout, Intent } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { CaptchaResult, LoginResult, LoginTenant } from '@/types/api.gen';
import { isApiError } from '@/lib/api/client';
import { useAppMutation } from '@/lib/api/mutation';
import { signIn } from '@/lib/session/store';
import { getCaptcha } from '../api/getCaptcha';
import { fetchLoginAesKey } from '../api/getPublicConfig';
import { login } from '../api/login';
import { sendVerifyCode } from '../api/sendVerifyCode';
import { twoFactorAuthentication } from '../api/twoFactorAuthentication';
import { AccountStep, type AccountValues } from '../components/AccountStep';
import { AuthShell } from '../components/AuthShell';
import { CodeStep } from '../components/CodeStep';
import { FacilityStep } from '../components/FacilityStep';
import { loginProblem, stepAfterLogin } from '../loginFlow';
import { encodePassword, loadPasswordCodec } from '../passwordCodec';

// The dialogs (and Blueprint's dialog code with them) load when one opens, not with the sign-in page.
const ForgotPasswordDialog = lazy(() => import('../components/ForgotPasswordDialog').then((m) => ({ default: m.ForgotPasswordDialog })));
const LoginFailedDialog = lazy(() => import('../components/LoginDialogs').then((m) => ({ default: m.LoginFailedDialog })));
const PendingApprovalDialog = lazy(() => import('../components/LoginDialogs').then((m) => ({ default: m.PendingApprovalDialog })));
const RefusedDialog = lazy(() => import('../components/RefusedDialog').then((m) => ({ default: m.RefusedDialog })));

type Step =
  | { kind: 'account' }
  | { kind: 'facility'; tenants: LoginTenant[] }
  | { kind: 'code'; challengeId: string; maskedEmail: string; tenantId?: string };

/** spec 001 §9: a new code can be asked for 60 s after the last one, unless the server says otherwise (signIn.codeResendSeconds). */
const RESEND_WAIT_SECONDS = 60;

/** /login: account and password, then maybe a facility, then maybe the e-mailed code (spec 000 §2). */
export default function LoginPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [step, setStep] = useState<Step>({ kind: 'account' });
  // Account and encoded password of step 1, reused by the facility choice and the code step.
  const credentials = useRef<{ account: string; password: string } | null>(null);
  // The password encoder loads as soon as the person starts on the form, so it is there when it is sent.
  useEffect(() => {
    const events = ['focusin', 'keydown', 'pointerdown'] as const;
    const load = () => {
      for (const e of events) document.removeEventListener(e, load);
      void loadPasswordCodec().catch(() => undefined);
    };
    for (const e of events) document.addEventListener(e, load);
    return () => {
      for (const e of events) document.removeEventListener(e, load);
    };
  }, []);
  const [notice, setNotice] = useState<string | null>(() =>
    params.get('changed') === '1' ? t('auth.changePassword.done') : null,
  );
  const [captcha, setCaptcha] = useState<CaptchaResult | null>(null);
  const [captchaMessage, setCaptchaMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pendingApproval, setPendingApproval] = useState(false);
  const [refused, setRefused] = useState<{ reason: string; fixToken: string } | null>(null);
  const [forgot, setForgot] = useState<{ open: boolean; account: string }>({ open: false, account: '' });
  const [codeError, setCodeError] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState(0);

  const loadCaptcha = async () => {
    try {
      setCaptcha(await getCaptcha());
    } catch {
      // the client has reported it; the user can ask for another image
    }
  };

  const finish = (result: LoginResult, tenantId?: string) => {
    const next = stepAfterLogin(result);
    switch (next.kind) {
      case 'signed-in':
        queryClient.clear();
        signIn(result); // the route guard takes the user on from here
        return;
      case 'facility':
        setStep({ kind: 'facility', tenants: next.tenants });
        return;
      case 'code':
        setCodeError(null);
        setResendAt(Date.now() + (result.resendAfterSeconds || RESEND_WAIT_SECONDS) * 1000);
        setStep({ kind: 'code', challengeId: next.challengeId, maskedEmail: next.maskedEmail, tenantId });
        return;
      case 'unexpected':
        setFailure('');
        return;
    }
  };

  const handleProblem = (err: unknown) => {
    if (!isApiError(err)) {
      setFailure(err instanceof Error ? err.message : '');
      return;
    }
    const problem = loginProblem(err);
    switch (problem.kind) {
      case 'reported':
        return;
      case 'pending-approval':
        setPendingApproval(true);
        return;
      case 'refused':
        setRefused({ reason: problem.reason, fixToken: problem.fixToken });
        return;
      case 'locked':
        setStep({ kind: 'account' });
        setNotice(
          problem.retryAfterSeconds
            ? t('auth.login.locked', { seconds: problem.retryAfterSeconds })
            : t('auth.login.lockedNoTime'),
        );
        if (problem.captchaRequired) void loadCaptcha();
        return;
      case 'captcha':
        setStep({ kind: 'account' });
        setCaptchaMessage(captcha ? problem.message || t('auth.login.captchaRequired') : null);
        void loadCaptcha();
        return;
      case 'code-wrong':
        setCodeError(
          problem.attemptsLeft !== undefined
            ? t('auth.code.wrong', { count: problem.attemptsLeft })
            : t('auth.code.wrongNoCount'),
        );
        return;
      case 'code-expired':
        setStep({ kind: 'account' });
        setNotice(t('auth.code.expired'));
        return;
      case 'resend-too-soon':
        setResendAt(Date.now() + problem.retryAfterSeconds * 1000);
        setCodeError(t('auth.code.tooSoon', { seconds: problem.retryAfterSeconds }));
        return;
      case 'failed':
        setFailure(problem.message);
        if (problem.captchaRequired || captcha) void loadCaptcha();
        return;
    }
  };

  const signInWithPassword = useAppMutation({
    mutationFn: async (values: AccountValues): Promise<LoginResult | null> => {
      let key: string;
      try {
        key = await fetchLoginAesKey(queryClient);
      } catch {
        setNotice(t('auth.login.configMissing'));
        return null;
      }
      const password = await encodePassword(values.password, key);
      credentials.current = { account: values.account, password };
      return login({
        account: values.account,
        password,
        ...(captcha ? { captchaId: captcha.captchaId, captchaCode: values.captchaCode } : {}),
      });
    },
    onSuccess: (result) => {
      if (result) finish(result);
    },
    onError: handleProblem,
  });

  const pickFacility = useAppMutation({
    mutationFn: ({ cred, tenant }: { cred: { account: string; password: string }; tenant: LoginTenant }) =>
      login({ account: cred.account, password: cred.password, tenantId: tenant.tenantId }),
    onSuccess: (result, { tenant }) => finish(result, tenant.tenantId),
    onError: handleProblem,
  });

  const verify = useAppMutation({
    mutationFn: twoFactorAuthentication,
    onSuccess: (result, req) => finish(result, req.tenantId),
    onError: handleProblem,
  });

  const resend = useAppMutation({
    mutationFn: sendVerifyCode,
    success: 'auth.code.resent',
    onSuccess: (sent) => {
      setResendAt(Date.now() + (sent.resendAfterSeconds || RESEND_WAIT_SECONDS) * 1000);
      if (sent.maskedEmail) setStep((s) => (s.kind === 'code' ? { ...s, maskedEmail: sent.maskedEmail } : s));
    },
    onError: handleProblem,
  });

  const submitAccount = (values: AccountValues) => {
    setNotice(null);
    setCaptchaMessage(null);
    signInWithPassword.mutate(values);
  };

  const chooseFacility = (tenant: LoginTenant) => {
    const cred = credentials.current;
    if (!cred) return setStep({ kind: 'account' });
    pickFacility.mutate({ cred, tenant });
  };

  const submitCode = (verifyCode: string) => {
    const cred = credentials.current;
    if (!cred || step.kind !== 'code') return setStep({ kind: 'account' });
    setCodeError(null);
    verify.mutate({ account: cred.account, verifyCode, challengeId: step.challengeId, tenantId: step.tenantId });
  };

  const resendCode = () => {
    const cred = credentials.current;
    if (!cred || step.kind !== 'code') return;
    setCodeError(null);
    resend.mutate({ account: cred.account, challengeId: step.challengeId, tenantId: step.tenantId, twoFactorMethod: 'EMAIL' });
  };

  const restart = () => {
    credentials.current = null;
    setStep({ kind: 'account' });
  };

  const title =
    step.kind === 'facility' ? t('auth.facility.title') : step.kind === 'code' ? t('auth.code.title') : t('auth.login.title');

  return (
    <AuthShell title={title}>
      {step.kind === 'account' ? (
        <AccountStep
          busy={signInWithPassword.isPending}
          notice={notice}
          captcha={captcha}
          captchaMessage={captchaMessage}
          onNewCaptcha={() => void loadCaptcha()}
          onSubmit={submitAccount}
          onForgotPassword={(account) => setForgot({ open: true, account })}
        />
      ) : null}
      {step.kind === 'facility' ? (
        <FacilityStep tenants={step.tenants} pending={pickFacility.isPending ? pickFacility.variables.tenant.tenantId : null} onChoose={chooseFacility} onBack={restart} />
      ) : null}
      {step.kind === 'code' ? (
        <CodeStep
          maskedEmail={step.maskedEmail}
          busy={verify.isPending}
          resending={resend.isPending}
          resendAt={resendAt}
          error={codeError}
          onSubmit={submitCode}
          onResend={resendCode}
          onBack={restart}
        />
      ) : null}
      {step.kind === 'account' ? (
        <p className="hearth-gap-top">
          <Link to="/signup" data-testid="signup-link">
            {t('auth.login.register')}
          </Link>
        </p>
      ) : null}
      {step.kind === 'account' && notice === null && params.get('redirect') ? (
        <Callout intent={Intent.PRIMARY} className="hearth-gap-top" icon={null} compact>
          {t('auth.login.redirectHint')}
        </Callout>
      ) : null}
      <Suspense fallback={null}>
        {failure !== null ? <LoginFailedDialog message={failure} onClose={() => setFailure(null)} /> : null}
        {pendingApproval ? <PendingApprovalDialog isOpen onClose={() => setPendingApproval(false)} /> : null}
        {refused ? <RefusedDialog reason={refused.reason} fixToken={refused.fixToken} onClose={() => setRefused(null)} /> : null}
        {forgot.open ? (
          <ForgotPasswordDialog isOpen initialAccount={forgot.account} onClose={() => setForgot({ open: false, account: '' })} />
        ) : null}
      </Suspense>
    </AuthShell>
  );
}
