import { describe, expect, it } from 'vitest';
import { isSubscriptionCode, reactionFor, SUBSCRIPTION_TITLE_KEYS } from './catalogue';

describe('reactionFor (spec 001 §8)', () => {
  it.each([
    [{ type: 'http', status: 401 } as const],
    [{ type: 'http', status: 401, code: '4001', message: 'expired' } as const],
    [{ type: 'http', status: 410, code: '4002', message: 'revoked' } as const],
    [{ type: 'http', status: 410 } as const],
    [{ type: 'business', code: '4001', message: 'x' } as const],
    [{ type: 'business', code: '401', message: 'x' } as const],
    [{ type: 'business', code: '4002', message: 'x' } as const],
  ])('%o ends the session', (failure) => {
    expect(reactionFor(failure)).toEqual({ kind: 'session-expired' });
  });

  it('does not end the session when the call ignores auth; it reports the failure instead', () => {
    expect(reactionFor({ type: 'http', status: 401, code: '4001', message: 'bad' }, { ignoreAuth: true })).toEqual({
      kind: 'toast',
      key: 'api.feedback.operationFailed',
      msg: 'bad',
    });
  });

  it.each(['7001', '7002', '7003', '7004', '7005', '7006', '7007', '7008', '7009', '7010', '7011'])(
    '%s opens the subscription dialog with the server message',
    (code) => {
      expect(reactionFor({ type: 'business', code, message: 'limit' })).toEqual({
        kind: 'subscription-dialog',
        code,
        message: 'limit',
      });
    },
  );

  it.each(['7000', '7012', '70011', '700', '4003'])('%s is not a subscription code', (code) => {
    expect(isSubscriptionCode(code)).toBe(false);
  });

  it('every subscription code has a dialog title', () => {
    for (let n = 7001; n <= 7011; n++) expect(SUBSCRIPTION_TITLE_KEYS).toHaveProperty(String(n));
  });

  it.each(['4000', '4003', '4004', '4009', '4022', '4101', '5000'])('%s gives "Operation failed: {msg}"', (code) => {
    expect(reactionFor({ type: 'business', code, message: 'server says' })).toEqual({
      kind: 'toast',
      key: 'api.feedback.operationFailed',
      msg: 'server says',
    });
  });

  it('an HTTP error with an envelope shows its message; without one the status', () => {
    expect(reactionFor({ type: 'http', status: 500, code: '5000', message: 'boom' })).toMatchObject({
      key: 'api.feedback.operationFailed',
      msg: 'boom',
    });
    expect(reactionFor({ type: 'http', status: 502 })).toEqual({
      kind: 'toast',
      key: 'api.feedback.errorTryAgain',
      msg: 'HTTP 502',
    });
  });

  it('no response gives the network message; a thrown error the try-again message', () => {
    expect(reactionFor({ type: 'network' })).toEqual({ kind: 'toast', key: 'api.feedback.networkError' });
    expect(reactionFor({ type: 'thrown', message: 'bad json' })).toEqual({
      kind: 'toast',
      key: 'api.feedback.errorTryAgain',
      msg: 'bad json',
    });
  });

  it('codes the caller handles are not reported, but an expired session still is', () => {
    expect(reactionFor({ type: 'business', code: '4101', message: 'x' }, { handles: ['4101'] })).toEqual({ kind: 'none' });
    expect(reactionFor({ type: 'business', code: '7003', message: 'x' }, { handles: 'all' })).toEqual({ kind: 'none' });
    expect(reactionFor({ type: 'business', code: '4001', message: 'x' }, { handles: 'all' })).toEqual({
      kind: 'session-expired',
    });
    expect(reactionFor({ type: 'network' }, { handles: 'all' })).toEqual({ kind: 'toast', key: 'api.feedback.networkError' });
  });

  it('quiet calls report nothing but an expired session', () => {
    expect(reactionFor({ type: 'network' }, { quiet: true })).toEqual({ kind: 'none' });
    expect(reactionFor({ type: 'http', status: 404 }, { quiet: true })).toEqual({ kind: 'none' });
    expect(reactionFor({ type: 'http', status: 401 }, { quiet: true })).toEqual({ kind: 'session-expired' });
  });
});
