// The door kiosk's screens as a small state machine (issue 6): start (pick a name) → PIN pad → confirmation,
// and back to the start with nothing of the previous person left: after KioskConfirmSeconds on the
// confirmation, after 30 s without input on the PIN pad, or at once with Escape/Back. Plain TypeScript
// (no React) so the timers and the keyboard path are tested with fake timers; KioskPage renders getState().
import {
  CodeNoOfflinePinCheck,
  CodePinLocked,
  CodePinNotSet,
  CodePinWrong,
  CodeKioskNotSetUp,
  KioskConfirmSeconds,
  PinMaxLength,
  PinMinLength,
  type KioskCaregiver,
  type KioskPunchRequest,
  type KioskPunchResult,
} from '@/types/api.gen';
import { isApiError } from '@/lib/api/client';

/** The PIN pad goes back to the start after this long without a key or a touch. */
export const KIOSK_IDLE_MS = 30_000;
export const KIOSK_CONFIRM_MS = KioskConfirmSeconds * 1000;

export type KioskError =
  | { kind: 'short' }
  | { kind: 'wrongPin'; attemptsLeft: number }
  | { kind: 'locked'; minutes: number }
  | { kind: 'pinNotSet' }
  | { kind: 'offlineNoCheck' }
  | { kind: 'network' }
  | { kind: 'notAccepted' }
  | { kind: 'other'; code: string; message: string };

/** One submission: its id is sent again when the same PIN is submitted again (a retry after no answer). */
interface Attempt {
  id: string;
  pin: string;
}

export type KioskState =
  | { step: 'start' }
  | { step: 'pin'; caregiver: KioskCaregiver; pin: string; busy: boolean; error: KioskError | null; attempt: Attempt | null }
  | { step: 'done'; result: KioskPunchResult };

export const START: KioskState = { step: 'start' };

/**
 * A client punch id: 18 random bytes as base64url, 24 characters of [A-Za-z0-9_-] (KioskPunchRequest asks
 * 8–64 of them), made once per attempt.
 */
export function newKioskPunchId(): string {
  const bytes = new Uint8Array(18);
  globalThis.crypto.getRandomValues(bytes);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function numberField(data: unknown, field: string): number | undefined {
  if (data && typeof data === 'object' && field in data) {
    const v = (data as Record<string, unknown>)[field];
    return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
  }
  return undefined;
}

/** What a failed punch means for the person at the kiosk. */
export function kioskErrorOf(err: unknown): KioskError {
  if (!isApiError(err)) return { kind: 'network' };
  switch (err.code) {
    case CodePinWrong:
      return { kind: 'wrongPin', attemptsLeft: Math.max(0, numberField(err.data, 'attemptsLeft') ?? 0) };
    case CodePinLocked:
      return { kind: 'locked', minutes: Math.max(1, Math.ceil((numberField(err.data, 'retryAfterSeconds') ?? 60) / 60)) };
    case CodePinNotSet:
      return { kind: 'pinNotSet' };
    case CodeNoOfflinePinCheck:
      return { kind: 'offlineNoCheck' };
    case CodeKioskNotSetUp:
    case '4001':
    case '401':
      return { kind: 'notAccepted' };
    case '':
      if (err.httpStatus === 401) return { kind: 'notAccepted' };
      return err.httpStatus === 0 ? { kind: 'network' } : { kind: 'other', code: `HTTP ${err.httpStatus}`, message: err.message };
    default:
      return { kind: 'other', code: err.code, message: err.message };
  }
}

/** Whether the same PIN may simply be sent again (nothing was decided), so the typed PIN stays. */
function keepsPin(error: KioskError): boolean {
  return error.kind === 'network' || error.kind === 'other';
}

export interface KioskSessionDeps {
  punch: (req: KioskPunchRequest) => Promise<KioskPunchResult>;
  newId?: () => string;
  /** Runs each time the start screen comes back (the page refreshes the names and on-shift markers). */
  onReset?: () => void;
}

type Listener = () => void;

/** One kiosk screen's session: state, timers and the punch call. */
export class KioskSession {
  private state: KioskState = START;
  private readonly listeners = new Set<Listener>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped on every return to the start, so a late answer for a person who is gone is dropped. */
  private epoch = 0;
  private readonly deps: KioskSessionDeps;

  constructor(deps: KioskSessionDeps) {
    this.deps = deps;
  }

  getState = (): KioskState => this.state;

  subscribe = (fn: Listener): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  private set(next: KioskState): void {
    this.state = next;
    for (const fn of this.listeners) fn();
  }

  private arm(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.reset(), ms);
  }

  /** Back to the start screen: no name, no PIN, no result, no pending id. */
  reset = (): void => {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.epoch++;
    const wasStart = this.state.step === 'start';
    this.set(START);
    if (!wasStart) this.deps.onReset?.();
  };

  pick = (caregiver: KioskCaregiver): void => {
    if (this.state.step !== 'start') return;
    this.set({ step: 'pin', caregiver, pin: '', busy: false, error: null, attempt: null });
    this.arm(KIOSK_IDLE_MS);
  };

  digit = (d: string): void => {
    const s = this.state;
    if (s.step !== 'pin' || s.busy || !/^[0-9]$/.test(d)) return;
    this.arm(KIOSK_IDLE_MS);
    if (s.pin.length >= PinMaxLength) return;
    this.set({ ...s, pin: s.pin + d, error: s.error?.kind === 'short' ? null : s.error });
  };

  backspace = (): void => {
    const s = this.state;
    if (s.step !== 'pin' || s.busy) return;
    this.arm(KIOSK_IDLE_MS);
    this.set({ ...s, pin: s.pin.slice(0, -1) });
  };

  /** Escape or Back: from the PIN pad to the start; from the confirmation to the start at once. */
  back = (): void => {
    if (this.state.step === 'pin' && this.state.busy) return;
    if (this.state.step !== 'start') this.reset();
  };

  submit = async (): Promise<void> => {
    const s = this.state;
    if (s.step !== 'pin' || s.busy) return;
    if (s.pin.length < PinMinLength) {
      this.set({ ...s, error: { kind: 'short' } });
      this.arm(KIOSK_IDLE_MS);
      return;
    }
    const attempt = s.attempt !== null && s.attempt.pin === s.pin ? s.attempt : { id: (this.deps.newId ?? newKioskPunchId)(), pin: s.pin };
    const epoch = this.epoch;
    clearTimeout(this.timer);
    this.set({ ...s, busy: true, error: null, attempt });
    try {
      const result = await this.deps.punch({ caregiverId: s.caregiver.caregiverId, clientPunchId: attempt.id, pin: attempt.pin });
      if (epoch !== this.epoch) return;
      this.set({ step: 'done', result });
      this.arm(KIOSK_CONFIRM_MS);
    } catch (err) {
      if (epoch !== this.epoch || this.state.step !== 'pin') return;
      const error = kioskErrorOf(err);
      const keep = keepsPin(error);
      this.set({ ...this.state, busy: false, error, pin: keep ? this.state.pin : '', attempt: keep ? attempt : null });
      this.arm(KIOSK_IDLE_MS);
    }
  };

  /**
   * The keyboard on the PIN pad and the confirmation: digits type, Backspace deletes, Enter submits,
   * Escape goes back; Enter or Escape on the confirmation returns to the start. `onButton`: the key
   * landed on a focused button, which handles Enter and Space itself. Returns whether the key was used.
   */
  key = (key: string, onButton = false): boolean => {
    const step = this.state.step;
    if (step === 'pin') {
      if (/^[0-9]$/.test(key)) this.digit(key);
      else if (key === 'Backspace') this.backspace();
      else if (key === 'Escape') this.back();
      else if (key === 'Enter' && !onButton) void this.submit();
      else return false;
      return true;
    }
    if (step === 'done' && (key === 'Escape' || (key === 'Enter' && !onButton))) {
      this.reset();
      return true;
    }
    return false;
  };

  /** Stops the timers (the page unmounts). */
  dispose = (): void => {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.epoch++;
  };
}
