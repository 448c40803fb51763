import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KioskCaregiver, KioskPunchRequest, KioskPunchResult } from '@/types/api.gen';
import { ApiError } from '@/lib/api/client';
import { KIOSK_CONFIRM_MS, KIOSK_IDLE_MS, KioskSession, kioskErrorOf, newKioskPunchId } from './kioskSession';

vi.mock('@/lib/feedback/toast', () => ({ toast: { success: vi.fn(), warning: vi.fn(), danger: vi.fn() }, TOAST_TIMEOUT_MS: 2500 }));

const AMINA: KioskCaregiver = { caregiverId: 'cg-amina', name: 'Amina Njoroge', color: '#2d72d2', pinSet: true, onShift: false };
const WEI: KioskCaregiver = { caregiverId: 'cg-wei', name: 'Wei Chen', pinSet: true, onShift: true };

function result(req: KioskPunchRequest, over: Partial<KioskPunchResult> = {}): KioskPunchResult {
  return {
    recordId: 'r1',
    clientPunchId: req.clientPunchId,
    caregiverId: req.caregiverId,
    caregiverName: req.caregiverId === AMINA.caregiverId ? AMINA.name : WEI.name,
    punchType: 'IN',
    punchTime: Date.UTC(2026, 5, 1, 14, 2),
    late: false,
    ...over,
  };
}

function apiError(code: string, data: unknown = null, httpStatus = 0): ApiError {
  return new ApiError('refused', { code, data, httpStatus, reaction: { kind: 'none' } });
}

const punch = vi.fn<(req: KioskPunchRequest) => Promise<KioskPunchResult>>();
const onReset = vi.fn();
let ids = 0;
let session: KioskSession;

function type(keys: string) {
  for (const k of keys) session.key(k);
}

/** Lets the punch promise settle (fake timers do not run microtasks by themselves). */
async function settle() {
  await vi.advanceTimersByTimeAsync(0);
}

beforeAll(() => {
  vi.useFakeTimers();
});

beforeEach(() => {
  punch.mockReset();
  onReset.mockReset();
  ids = 0;
  session = new KioskSession({ punch, onReset, newId: () => `punch-id-${++ids}-abcdefghijklmnop` });
});

afterEach(() => {
  session.dispose();
  vi.clearAllTimers();
});

describe('kiosk session: pick → PIN → confirmation → start', () => {
  it('punches with the picked caregiver, the PIN and a fresh id, then shows the answer', async () => {
    punch.mockImplementation(async (req) => result(req));
    session.pick(AMINA);
    expect(session.getState()).toMatchObject({ step: 'pin', pin: '' });
    session.digit('2');
    session.digit('4');
    session.digit('6');
    session.digit('8');
    await session.submit();
    expect(punch).toHaveBeenCalledWith({ caregiverId: 'cg-amina', clientPunchId: 'punch-id-1-abcdefghijklmnop', pin: '2468' });
    const s = session.getState();
    expect(s.step).toBe('done');
    if (s.step === 'done') expect(s.result).toMatchObject({ caregiverName: 'Amina Njoroge', punchType: 'IN' });
  });

  it('goes back to the start after KioskConfirmSeconds with nothing of the previous person left', async () => {
    punch.mockImplementation(async (req) => result(req));
    session.pick(AMINA);
    type('2468');
    await session.submit();
    expect(KIOSK_CONFIRM_MS).toBe(5000);
    vi.advanceTimersByTime(4999);
    expect(session.getState().step).toBe('done');
    vi.advanceTimersByTime(1);
    expect(session.getState()).toEqual({ step: 'start' });
    expect(JSON.stringify(session.getState())).not.toMatch(/Amina|2468|punch-id/);
    expect(onReset).toHaveBeenCalledTimes(1);

    // The next person starts from nothing: an empty pad and a new id.
    session.pick(WEI);
    expect(session.getState()).toMatchObject({ step: 'pin', pin: '', error: null, attempt: null });
    type('1357');
    await session.submit();
    expect(punch.mock.calls[1][0]).toEqual({ caregiverId: 'cg-wei', clientPunchId: 'punch-id-2-abcdefghijklmnop', pin: '1357' });
  });

  it('returns at once with Done, Enter or Escape on the confirmation', async () => {
    punch.mockImplementation(async (req) => result(req));
    for (const key of ['Enter', 'Escape']) {
      session.pick(AMINA);
      type('2468');
      await session.submit();
      expect(session.key(key)).toBe(true);
      expect(session.getState().step).toBe('start');
    }
  });

  it('goes back to the start after 30 s without input on the PIN pad, and each key restarts the wait', () => {
    session.pick(AMINA);
    vi.advanceTimersByTime(KIOSK_IDLE_MS - 1000);
    session.digit('2');
    vi.advanceTimersByTime(KIOSK_IDLE_MS - 1000);
    expect(session.getState()).toMatchObject({ step: 'pin', pin: '2' });
    vi.advanceTimersByTime(1000);
    expect(session.getState()).toEqual({ step: 'start' });
    expect(onReset).toHaveBeenCalledTimes(1);
  });

  it('says "queued" when the kiosk only saved the punch', async () => {
    punch.mockImplementation(async (req) => result(req, { recordId: '', queued: true }));
    session.pick(AMINA);
    type('2468');
    await session.submit();
    const s = session.getState();
    expect(s.step === 'done' && s.result.queued).toBe(true);
  });
});

describe('kiosk session: keyboard only', () => {
  it('digits type, Backspace deletes, Enter submits, Escape goes back', async () => {
    punch.mockImplementation(async (req) => result(req));
    session.pick(AMINA);
    expect(session.key('2')).toBe(true);
    type('49');
    expect(session.key('Backspace')).toBe(true);
    type('68');
    expect(session.getState()).toMatchObject({ pin: '2468' });
    expect(session.key('a')).toBe(false);
    expect(session.key('Enter')).toBe(true);
    await settle();
    expect(punch).toHaveBeenCalledWith(expect.objectContaining({ pin: '2468' }));
    expect(session.getState().step).toBe('done');

    session.reset();
    session.pick(WEI);
    type('13');
    expect(session.key('Escape')).toBe(true);
    expect(session.getState()).toEqual({ step: 'start' });
  });

  it('leaves Enter to a focused button (it clicks itself), so nothing is sent twice', () => {
    session.pick(AMINA);
    type('2468');
    expect(session.key('Enter', true)).toBe(false);
    expect(punch).not.toHaveBeenCalled();
  });

  it('takes at most 6 digits and asks for 4 before sending', async () => {
    session.pick(AMINA);
    type('1234567');
    expect(session.getState()).toMatchObject({ pin: '123456' });
    session.backspace();
    session.backspace();
    session.backspace();
    await session.submit();
    expect(punch).not.toHaveBeenCalled();
    expect(session.getState()).toMatchObject({ error: { kind: 'short' } });
  });

  it('ignores keys on the start screen (the name buttons handle them)', () => {
    expect(session.key('Enter')).toBe(false);
    expect(session.key('5')).toBe(false);
  });
});

describe('kiosk session: refusals', () => {
  it('wrong PIN: says how many attempts are left, clears the PIN, and the next try has a new id', async () => {
    punch.mockRejectedValueOnce(apiError('4120', { attemptsLeft: 3 }));
    session.pick(WEI);
    type('9999');
    await session.submit();
    expect(session.getState()).toMatchObject({ step: 'pin', pin: '', busy: false, error: { kind: 'wrongPin', attemptsLeft: 3 }, attempt: null });
    punch.mockImplementation(async (req) => result(req));
    type('1357');
    await session.submit();
    expect(punch.mock.calls.map((c) => c[0].clientPunchId)).toEqual(['punch-id-1-abcdefghijklmnop', 'punch-id-2-abcdefghijklmnop']);
  });

  it('no answer: keeps the PIN and sends the same id again on retry', async () => {
    punch.mockRejectedValueOnce(new ApiError('network error', { reaction: { kind: 'none' } }));
    session.pick(AMINA);
    type('2468');
    await session.submit();
    expect(session.getState()).toMatchObject({ pin: '2468', error: { kind: 'network' } });
    punch.mockImplementation(async (req) => result(req));
    await session.submit();
    expect(punch.mock.calls[0][0].clientPunchId).toBe(punch.mock.calls[1][0].clientPunchId);
  });

  it('a changed PIN after no answer is a new attempt with a new id', async () => {
    punch.mockRejectedValueOnce(new ApiError('network error', { reaction: { kind: 'none' } }));
    session.pick(AMINA);
    type('2467');
    await session.submit();
    session.backspace();
    type('8');
    punch.mockImplementation(async (req) => result(req));
    await session.submit();
    expect(punch.mock.calls[0][0].clientPunchId).not.toBe(punch.mock.calls[1][0].clientPunchId);
  });

  it('drops an answer that arrives after the person went back', async () => {
    let answer: (r: KioskPunchResult) => void = () => undefined;
    punch.mockImplementation((req) => new Promise((resolve) => (answer = () => resolve(result(req)))));
    session.pick(AMINA);
    type('2468');
    const pending = session.submit();
    expect(session.getState()).toMatchObject({ busy: true });
    session.reset();
    answer(result({ caregiverId: 'cg-amina', clientPunchId: 'x' }));
    await pending;
    expect(session.getState()).toEqual({ step: 'start' });
  });

  it('maps each code to what the kiosk says', () => {
    expect(kioskErrorOf(apiError('4121', { retryAfterSeconds: 600 }))).toEqual({ kind: 'locked', minutes: 10 });
    expect(kioskErrorOf(apiError('4121', { retryAfterSeconds: 61 }))).toEqual({ kind: 'locked', minutes: 2 });
    expect(kioskErrorOf(apiError('4122'))).toEqual({ kind: 'pinNotSet' });
    expect(kioskErrorOf(apiError('4132'))).toEqual({ kind: 'offlineNoCheck' });
    expect(kioskErrorOf(apiError('4001', null, 401))).toEqual({ kind: 'notAccepted' });
    expect(kioskErrorOf(apiError('', null, 401))).toEqual({ kind: 'notAccepted' });
    expect(kioskErrorOf(apiError('', null, 0))).toEqual({ kind: 'network' });
    expect(kioskErrorOf(apiError('5000'))).toEqual({ kind: 'other', code: '5000', message: 'refused' });
    expect(kioskErrorOf(new TypeError('boom'))).toEqual({ kind: 'network' });
  });
});

describe('newKioskPunchId', () => {
  it('makes 24 url-safe characters, different each time', () => {
    const a = newKioskPunchId();
    const b = newKioskPunchId();
    expect(a).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(a).not.toBe(b);
  });
});
