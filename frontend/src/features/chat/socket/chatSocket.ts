// The chat's websocket (spec 000 §4 "Chat socket", spec 001 §4, §7.11, §9; frames in shared/im.go).
// Online when the bind reply carries code 200; a ping every 25 s; after an unexpected close it connects
// again after a random 15–30 s; it stops for good on a manual stop (sign-out), a 401 bind reply or close,
// a 403 (the plan has no chat) and a knock-out (action 999). Plain logic with its clock, randomness and
// WebSocket class given, so the rules are tested with fakes (chatSocket.test.ts).
import {
  ChatReconnectMaxSeconds,
  ChatReconnectMinSeconds,
  ImBind,
  ImCodeForbidden,
  ImCodeOK,
  ImCodeUnauthorized,
  ImKnockOut,
  ImPing,
  ImPong,
  type ImBindRequest,
  type ImFrame,
  type ImKnockOutEvent,
} from '@/types/api.gen';

/** How often the client pings while online. */
export const PING_INTERVAL_MS = 25_000;

/** Close codes a server may use to say "do not come back" (RFC 6455 leaves 4000–4999 to applications). */
export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_FORBIDDEN = 4403;

export type SocketState = 'idle' | 'connecting' | 'online' | 'reconnecting' | 'stopped';

/** Why the socket stopped for good. */
export type StopReason = 'manual' | 'unauthorized' | 'forbidden' | 'knockout';

/** The part of the browser's WebSocket the client uses. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string) => SocketLike;

export interface Clock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface ChatSocketOptions {
  /** The websocket's address with the current access token (asked at every connect: tokens are renewed). */
  url: () => Promise<string | undefined> | string | undefined;
  bind: () => ImBindRequest;
  open?: SocketFactory;
  clock?: Clock;
  /** A number in [0, 1) (Math.random). */
  random?: () => number;
  onState?: (state: SocketState, reason?: StopReason) => void;
  /** Every frame other than bind replies and pongs. */
  onFrame?: (frame: ImFrame) => void;
  onKnockOut?: (event: ImKnockOutEvent) => void;
  /**
   * A browser never sees the status of a refused handshake (a 401 arrives as a plain close), so after a
   * close before the socket opened this asks an HTTP call whether the sign-in is still good: false stops.
   */
  signedIn?: () => Promise<boolean>;
}

/** A random reconnect delay in whole milliseconds within [min, max] seconds (spec 001 §9: 15 to 30 s). */
export function reconnectDelayMs(random: () => number): number {
  const min = ChatReconnectMinSeconds * 1000;
  const max = ChatReconnectMaxSeconds * 1000;
  return Math.min(max, min + Math.floor(random() * (max - min + 1)));
}

const realClock: Clock = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (h) => globalThis.clearInterval(h as ReturnType<typeof setInterval>),
};

export class ChatSocket {
  private readonly opts: ChatSocketOptions;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly open: SocketFactory;
  private ws: SocketLike | null = null;
  private pingTimer: unknown = null;
  private retryTimer: unknown = null;
  private _state: SocketState = 'idle';
  private _reason: StopReason | undefined;
  /** Bumped at each connect and stop, so late callbacks of an old socket are ignored. */
  private generation = 0;

  constructor(opts: ChatSocketOptions) {
    this.opts = opts;
    this.clock = opts.clock ?? realClock;
    this.random = opts.random ?? Math.random;
    this.open = opts.open ?? ((url) => new WebSocket(url) as unknown as SocketLike);
  }

  get state(): SocketState {
    return this._state;
  }

  get stopReason(): StopReason | undefined {
    return this._reason;
  }

  /** Connects (again); a stopped socket starts anew only by this call. */
  start(): void {
    if (this._state === 'connecting' || this._state === 'online') return;
    this._reason = undefined;
    void this.connect();
  }

  /** The manual stop (sign-out, leaving the facility): no reconnect. */
  stop(): void {
    this.halt('manual');
  }

  /** Sends a frame when online; answers whether it went. */
  send(frame: ImFrame): boolean {
    if (this._state !== 'online' || !this.ws) return false;
    try {
      this.ws.send(JSON.stringify(frame));
      return true;
    } catch {
      return false;
    }
  }

  private setState(state: SocketState, reason?: StopReason): void {
    this._state = state;
    this._reason = reason;
    this.opts.onState?.(state, reason);
  }

  private async connect(): Promise<void> {
    const gen = ++this.generation;
    this.clearTimers();
    this.setState('connecting');
    let url: string | undefined;
    try {
      url = await this.opts.url();
    } catch {
      url = undefined;
    }
    if (gen !== this.generation) return;
    if (!url) {
      this.halt('unauthorized');
      return;
    }
    let ws: SocketLike;
    try {
      ws = this.open(url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      if (gen !== this.generation) return;
      ws.send(JSON.stringify({ action: ImBind, data: this.opts.bind() } satisfies ImFrame));
    };
    ws.onmessage = (ev) => {
      if (gen !== this.generation) return;
      this.receive(ev.data);
    };
    ws.onerror = () => undefined; // a close follows
    let opened = false;
    const onopen = ws.onopen;
    ws.onopen = (ev) => {
      opened = true;
      onopen?.(ev);
    };
    ws.onclose = (ev) => {
      if (gen !== this.generation) return;
      this.ws = null;
      if (ev.code === CLOSE_UNAUTHORIZED) this.halt('unauthorized');
      else if (ev.code === CLOSE_FORBIDDEN) this.halt('forbidden');
      else if (!opened && this.opts.signedIn) {
        this.scheduleReconnect();
        void this.opts.signedIn().then(
          (ok) => {
            if (!ok && gen === this.generation) this.halt('unauthorized');
          },
          () => undefined,
        );
      } else this.scheduleReconnect();
    };
  }

  private receive(data: unknown): void {
    let frame: ImFrame;
    try {
      frame = JSON.parse(String(data)) as ImFrame;
    } catch {
      return;
    }
    if (!frame || typeof frame !== 'object') return;
    switch (frame.action) {
      case ImBind:
        if (frame.code === ImCodeOK) {
          this.setState('online');
          this.pingTimer = this.clock.setInterval(() => this.send({ action: ImPing }), PING_INTERVAL_MS);
        } else if (frame.code === ImCodeUnauthorized) this.halt('unauthorized');
        else if (frame.code === ImCodeForbidden) this.halt('forbidden');
        else this.ws?.close();
        return;
      case ImKnockOut:
        this.halt('knockout');
        this.opts.onKnockOut?.((frame.data ?? { reason: '' }) as ImKnockOutEvent);
        return;
      default:
        if (frame.action !== ImPong) this.opts.onFrame?.(frame);
    }
  }

  private scheduleReconnect(): void {
    this.clearTimers();
    this.setState('reconnecting');
    const gen = this.generation;
    this.retryTimer = this.clock.setTimeout(() => {
      if (gen === this.generation && this._state === 'reconnecting') void this.connect();
    }, reconnectDelayMs(this.random));
  }

  private halt(reason: StopReason): void {
    this.generation++;
    this.clearTimers();
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onclose = null;
      ws.onmessage = null;
      ws.onopen = null;
      try {
        ws.close(1000);
      } catch {
        // already closed
      }
    }
    this.setState('stopped', reason);
  }

  private clearTimers(): void {
    if (this.pingTimer !== null) this.clock.clearInterval(this.pingTimer);
    if (this.retryTimer !== null) this.clock.clearTimeout(this.retryTimer);
    this.pingTimer = null;
    this.retryTimer = null;
  }
}
