import { describe, expect, it } from 'vitest';
import { approvalsOrder, requestProblems, requestTone, REASON_MAX } from './requestRules';

const ok = { type: 'LEAVE', start: '2026-06-10T08:00', end: '2026-06-10T16:00', reason: 'Doctor visit' };

describe('request form', () => {
  it('accepts a complete request', () => {
    expect(requestProblems(ok)).toEqual({});
  });

  it('needs every field', () => {
    expect(requestProblems({ type: '', start: '', end: '', reason: '  ' })).toEqual({
      type: 'required',
      start: 'required',
      end: 'required',
      reason: 'required',
    });
  });

  it('needs the end after the start', () => {
    expect(requestProblems({ ...ok, end: ok.start }).end).toBe('endBeforeStart');
    expect(requestProblems({ ...ok, end: '2026-06-09T23:00' }).end).toBe('endBeforeStart');
  });

  it('limits the reason', () => {
    expect(requestProblems({ ...ok, reason: 'x'.repeat(REASON_MAX + 1) }).reason).toBe('tooLong');
  });
});

describe('request states', () => {
  it('reads pass as approved', () => {
    expect(requestTone('PENDING')).toBe('pending');
    expect(requestTone('APPROVED')).toBe('approved');
    expect(requestTone('pass')).toBe('approved');
    expect(requestTone('REFUSED')).toBe('refused');
    expect(requestTone('?')).toBe('unknown');
  });

  it('lists pending first, then newest first', () => {
    const list = [
      { id: 'a', status: 'APPROVED', createTime: 30 },
      { id: 'b', status: 'PENDING', createTime: 10 },
      { id: 'c', status: 'PENDING', createTime: 20 },
      { id: 'd', status: 'REFUSED', createTime: 40 },
    ];
    expect(approvalsOrder(list).map((r) => r.id)).toEqual(['c', 'b', 'd', 'a']);
  });
});
