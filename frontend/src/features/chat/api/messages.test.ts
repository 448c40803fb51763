import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/client';
import { pushOutcomeUnknown } from './messages';

const err = (code: string, httpStatus = 200) => new ApiError('x', { code, httpStatus, reaction: { kind: 'none' } });

describe('a failed push', () => {
  it('is pushed again when its outcome is unknown or the desktop shell is offline', () => {
    expect(pushOutcomeUnknown(new Error('network'))).toBe(true);
    expect(pushOutcomeUnknown(err('', 0))).toBe(true);
    expect(pushOutcomeUnknown(err('', 502))).toBe(true);
    expect(pushOutcomeUnknown(err('4134'))).toBe(true);
  });

  it('is shown as not sent when the server refused it', () => {
    expect(pushOutcomeUnknown(err('4022'))).toBe(false);
    expect(pushOutcomeUnknown(err('4004', 404))).toBe(false);
  });
});
