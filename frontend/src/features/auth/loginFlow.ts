// What the sign-in screen does with each answer (spec 000 §2 "/login", docs/api.md "Sign-in").
import type { LoginResult, LoginTenant, RefusedInfo, RetryInfo } from '@/types/api.gen';
import type { ApiError } from '@/lib/api/client';

export type LoginStep =
  | { kind: 'signed-in' }
  | { kind: 'facility'; tenants: LoginTenant[] }
  | { kind: 'code'; challengeId: string; maskedEmail: string }
  | { kind: 'unexpected' };

/** A login answer is exactly one of: tokens, a facility choice, or a code step. */
export function stepAfterLogin(result: LoginResult): LoginStep {
  if (result.token && result.refreshToken) return { kind: 'signed-in' };
  if (result.loginTenantList && result.loginTenantList.length > 0) {
    return { kind: 'facility', tenants: result.loginTenantList };
  }
  if (result.twoFactorAuthentication && result.challengeId) {
    return { kind: 'code', challengeId: result.challengeId, maskedEmail: result.maskedEmail ?? '' };
  }
  return { kind: 'unexpected' };
}

export type LoginProblem =
  /** The client already told the user (network error, timeout). */
  | { kind: 'reported' }
  /** 4107: facility under review. */
  | { kind: 'pending-approval' }
  /** 4108: the facility's registration was refused: the reason and a token that opens it to fix and resend. */
  | { kind: 'refused'; reason: string; fixToken: string }
  /** 4029: locked for a while. */
  | { kind: 'locked'; retryAfterSeconds?: number; captchaRequired: boolean }
  /** 4103: wrong e-mailed code. */
  | { kind: 'code-wrong'; attemptsLeft?: number }
  /** 4104: the code is spent; back to the first step. */
  | { kind: 'code-expired' }
  /** 4105: a code was sent less than 60 s ago. */
  | { kind: 'resend-too-soon'; retryAfterSeconds: number }
  /** 4102: show the captcha (first time) or say the answer was wrong. */
  | { kind: 'captcha'; message: string }
  /** Anything else: the "Login failed" dialog with the server's message (empty → the unknown-reason text). */
  | { kind: 'failed'; message: string; captchaRequired: boolean };

function retryInfo(data: unknown): RetryInfo {
  return data && typeof data === 'object' ? (data as RetryInfo) : {};
}

export function loginProblem(err: ApiError): LoginProblem {
  if (err.reaction.kind === 'toast' && err.code === '') return { kind: 'reported' };
  const info = retryInfo(err.data);
  switch (err.code) {
    case '4107':
      return { kind: 'pending-approval' };
    case '4108': {
      const d = (err.data && typeof err.data === 'object' ? err.data : {}) as RefusedInfo;
      return { kind: 'refused', reason: d.refuseReason ?? '', fixToken: d.fixToken ?? '' };
    }
    case '4029':
      return { kind: 'locked', retryAfterSeconds: info.retryAfterSeconds, captchaRequired: info.captchaRequired === true };
    case '4103':
      return { kind: 'code-wrong', attemptsLeft: info.attemptsLeft };
    case '4104':
      return { kind: 'code-expired' };
    case '4105':
      return { kind: 'resend-too-soon', retryAfterSeconds: info.retryAfterSeconds ?? 60 };
    case '4102':
      return { kind: 'captcha', message: err.message };
    default:
      return { kind: 'failed', message: err.message, captchaRequired: info.captchaRequired === true };
  }
}
