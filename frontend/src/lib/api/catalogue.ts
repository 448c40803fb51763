// The error catalogue of spec 001 §8: what the UI does with each kind of failed call.

/** What went wrong with one call. */
export type Failure =
  /** HTTP 200 with an envelope whose code is not "0000". */
  | { type: 'business'; code: string; message: string }
  /** A non-200 HTTP status, with the envelope's code and message when the body carried one. */
  | { type: 'http'; status: number; code?: string; message?: string }
  /** No response at all: offline, refused, or the 300 s timeout. */
  | { type: 'network' }
  /** Something threw while sending or reading (an unreadable body, a bug). */
  | { type: 'thrown'; message: string };

/** What the UI does about it. */
export type Reaction =
  /** "Login has expired, please try again." then sign out and go to /login?redirect=… */
  | { kind: 'session-expired' }
  /** A warning dialog with a title for the code, the server message, Confirm (renew/upgrade) and Cancel. */
  | { kind: 'subscription-dialog'; code: string; message: string }
  | { kind: 'toast'; key: 'api.feedback.operationFailed' | 'api.feedback.errorTryAgain'; msg: string }
  | { kind: 'toast'; key: 'api.feedback.networkError' }
  /** The caller said it reports this code itself. */
  | { kind: 'none' };

export interface ReactOptions {
  /** A 401/410 answer does not end the session (sign-in screens, logout itself). */
  ignoreAuth?: boolean;
  /** Codes the caller shows in its own way; 'all' for every business code. */
  handles?: readonly string[] | 'all';
  /** Report nothing at all, not even network errors (background calls whose failure means "no data"). */
  quiet?: boolean;
}

/** Subscription-limit codes 7001–7011 (spec 001 §8). */
export function isSubscriptionCode(code: string | undefined): boolean {
  if (code === undefined || !/^70(0[1-9]|1[01])$/.test(code)) return false;
  return true;
}

/** HTTP 401, code 4001 or 401, HTTP 410 or code 4002: the session is gone. */
export function isAuthFailure(failure: Failure): boolean {
  if (failure.type === 'http' && (failure.status === 401 || failure.status === 410)) return true;
  if (failure.type === 'business' || failure.type === 'http') {
    return failure.code === '4001' || failure.code === '401' || failure.code === '4002';
  }
  return false;
}

function handled(code: string | undefined, handles: ReactOptions['handles']): boolean {
  if (handles === 'all') return code !== undefined;
  return code !== undefined && handles !== undefined && handles.includes(code);
}

export function reactionFor(failure: Failure, options: ReactOptions = {}): Reaction {
  if (options.quiet) {
    return isAuthFailure(failure) && !options.ignoreAuth ? { kind: 'session-expired' } : { kind: 'none' };
  }
  if (failure.type === 'network') return { kind: 'toast', key: 'api.feedback.networkError' };
  if (failure.type === 'thrown') return { kind: 'toast', key: 'api.feedback.errorTryAgain', msg: failure.message };

  if (isAuthFailure(failure) && !options.ignoreAuth) return { kind: 'session-expired' };
  if (handled(failure.code, options.handles)) return { kind: 'none' };
  if (isSubscriptionCode(failure.code)) {
    return { kind: 'subscription-dialog', code: failure.code as string, message: failure.message ?? '' };
  }
  if (failure.type === 'business') {
    return { kind: 'toast', key: 'api.feedback.operationFailed', msg: failure.message || failure.code };
  }
  if (failure.message) return { kind: 'toast', key: 'api.feedback.operationFailed', msg: failure.message };
  return { kind: 'toast', key: 'api.feedback.errorTryAgain', msg: `HTTP ${failure.status}` };
}

/** Title key of the subscription dialog for each code (static keys, so the locale check sees them). */
export const SUBSCRIPTION_TITLE_KEYS = {
  '7001': 'api.subscription.noSubscription',
  '7002': 'api.subscription.maxResidents',
  '7003': 'api.subscription.functionMissing',
  '7004': 'api.subscription.timeLimit',
  '7005': 'api.subscription.maxCaregivers',
  '7006': 'api.subscription.maxShiftReports',
  '7007': 'api.subscription.maxIncidentReports',
  '7008': 'api.subscription.maxUploadFiles',
  '7009': 'api.subscription.totalUploadSize',
  '7010': 'api.subscription.singleFileSize',
  '7011': 'api.subscription.usageCount',
} as const;
