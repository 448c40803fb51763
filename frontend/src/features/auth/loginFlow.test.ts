import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/client';
import { loginProblem, stepAfterLogin } from './loginFlow';

const base = { twoFactorAuthentication: false, sendEmailVerifyCode: false };

function apiError(code: string, data?: unknown, message = 'server text') {
  return new ApiError(message, { code, data, reaction: { kind: 'none' } });
}

describe('stepAfterLogin', () => {
  it('tokens sign in', () => {
    expect(stepAfterLogin({ ...base, token: 'a', refreshToken: 'b' })).toEqual({ kind: 'signed-in' });
  });
  it('a facility list asks for a facility', () => {
    const tenants = [{ tenantId: 't1', account: 'x', facilityName: 'Maple House AFH' }];
    expect(stepAfterLogin({ ...base, loginTenantList: tenants })).toEqual({ kind: 'facility', tenants });
  });
  it('the two-factor flag asks for the code', () => {
    expect(
      stepAfterLogin({ ...base, twoFactorAuthentication: true, sendEmailVerifyCode: true, challengeId: 'c', maskedEmail: 'o***@e.example' }),
    ).toEqual({ kind: 'code', challengeId: 'c', maskedEmail: 'o***@e.example' });
  });
  it('anything else is unexpected', () => {
    expect(stepAfterLogin({ ...base, loginTenantList: [] })).toEqual({ kind: 'unexpected' });
  });
});

describe('loginProblem', () => {
  it.each([
    ['4107', undefined, { kind: 'pending-approval' }],
    ['4029', { retryAfterSeconds: 30 }, { kind: 'locked', retryAfterSeconds: 30, captchaRequired: false }],
    ['4103', { attemptsLeft: 2 }, { kind: 'code-wrong', attemptsLeft: 2 }],
    ['4104', undefined, { kind: 'code-expired' }],
    ['4105', { retryAfterSeconds: 42 }, { kind: 'resend-too-soon', retryAfterSeconds: 42 }],
    ['4102', { captchaRequired: true }, { kind: 'captcha', message: 'server text' }],
    ['4101', { captchaRequired: true, attemptsLeft: 1 }, { kind: 'failed', message: 'server text', captchaRequired: true }],
    ['4106', undefined, { kind: 'failed', message: 'server text', captchaRequired: false }],
  ])('%s → %o', (code, data, want) => {
    expect(loginProblem(apiError(code, data))).toEqual(want);
  });

  it('a network failure was already reported', () => {
    const err = new ApiError('network error', { reaction: { kind: 'toast', key: 'api.feedback.networkError' } });
    expect(loginProblem(err)).toEqual({ kind: 'reported' });
  });
});
