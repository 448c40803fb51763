import { describe, expect, it } from 'vitest';
import { ImBind, ImKnockOut, ImMessage, ImPing, ImPong, type ImFrame } from '@/types/api.gen';
import { CLOSE_UNAUTHORIZED, ChatSocket, PING_INTERVAL_MS, reconnectDelayMs, type Clock, type SocketLike, type SocketState, type StopReason } from './chatSocket';

/** A clock whose time moves only when the test says so. */
class FakeClock implements Clock {
  now = 0;
  private next = 1;
  private timers = new Map<number, { at: number; fn: () => void; every?: number }>();
  setTimeout(fn: () => void, ms: number) {
    const id = this.next++;
    this.timers.set(id, { at: this.now + ms, fn });
    return id;
  }
  clearTimeout(h: unknown) {
    this.timers.delete(h as number);
  }
  setInterval(fn: () => void, ms: number) {
    const id = this.next++;
    this.timers.set(id, { at: this.now + ms, fn, every: ms });
    return id;
  }
  clearInterval(h: unknown) {
    this.timers.delete(h as number);
  }
  pending() {
    return this.timers.size;
  }
  advance(ms: number) {
    const end = this.now + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      const [id, t] = due;
      this.now = t.at;
      if (t.every) t.at += t.every;
      else this.timers.delete(id);
      t.fn();
    }
    this.now = end;
  }
}

/** A WebSocket the test drives: it records what the client sent and lets the test open, answer and close it. */
class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: ImFrame[] = [];
  closedByClient = false;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as ImFrame);
  }
  close() {
    this.closedByClient = true;
    this.readyState = 3;
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.({});
  }
  serverSends(frame: ImFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  serverCloses(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

async function flushPromises() {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

function setup(random = () => 0.5) {
  FakeSocket.all = [];
  const clock = new FakeClock();
  const states: [SocketState, StopReason | undefined][] = [];
  const frames: ImFrame[] = [];
  const knocked: unknown[] = [];
  const socket = new ChatSocket({
    url: () => 'ws://test/api/im/ws?token=t',
    bind: () => ({ uid: 'u1', channel: 'web', appVersion: '1.0.0', packageName: 'hearth', deviceId: 'd1', deviceName: 'test' }),
    open: (url) => new FakeSocket(url),
    clock,
    random,
    onState: (s, r) => states.push([s, r]),
    onFrame: (f) => frames.push(f),
    onKnockOut: (e) => knocked.push(e),
  });
  const last = () => FakeSocket.all[FakeSocket.all.length - 1];
  /** Starts and answers the bind with 200. */
  const online = async () => {
    socket.start();
    await flushPromises();
    last().serverOpens();
    last().serverSends({ action: ImBind, code: 200 });
  };
  return { clock, socket, states, frames, knocked, last, online };
}

describe('chat socket', () => {
  it('binds on open and is online only when the bind reply carries 200', async () => {
    const t = setup();
    t.socket.start();
    await flushPromises();
    expect(t.socket.state).toBe('connecting');
    t.last().serverOpens();
    expect(t.last().sent[0]).toEqual({ action: ImBind, data: expect.objectContaining({ uid: 'u1', channel: 'web', deviceId: 'd1' }) });
    expect(t.socket.state).toBe('connecting');
    t.last().serverSends({ action: ImBind, code: 200 });
    expect(t.socket.state).toBe('online');
  });

  it('pings every 25 seconds while online and keeps pongs to itself', async () => {
    const t = setup();
    await t.online();
    t.clock.advance(PING_INTERVAL_MS * 2);
    expect(t.last().sent.filter((f) => f.action === ImPing)).toHaveLength(2);
    t.last().serverSends({ action: ImPong });
    t.last().serverSends({ action: ImMessage, data: { id: 'm1' } });
    expect(t.frames).toEqual([{ action: ImMessage, data: { id: 'm1' } }]);
  });

  it('reconnects after an unexpected close, not before 15 s and by 30 s', async () => {
    for (const [random, delay] of [
      [0, 15_000],
      [0.999999, 30_000],
    ] as const) {
      const t = setup(() => random);
      await t.online();
      t.last().serverCloses(1006);
      expect(t.socket.state).toBe('reconnecting');
      t.clock.advance(delay - 1);
      expect(FakeSocket.all).toHaveLength(1);
      t.clock.advance(1);
      await flushPromises();
      expect(FakeSocket.all).toHaveLength(2);
      expect(t.socket.state).toBe('connecting');
      // No pings from the old socket's timer.
      t.clock.advance(PING_INTERVAL_MS);
      expect(FakeSocket.all[0].sent.filter((f) => f.action === ImPing)).toHaveLength(0);
    }
  });

  it('draws the delay between 15 and 30 seconds', () => {
    expect(reconnectDelayMs(() => 0)).toBe(15_000);
    expect(reconnectDelayMs(() => 0.5)).toBeGreaterThan(15_000);
    expect(reconnectDelayMs(() => 0.5)).toBeLessThan(30_000);
    expect(reconnectDelayMs(() => 0.9999999)).toBe(30_000);
  });

  it('also reconnects when the handshake itself fails', async () => {
    const t = setup();
    t.socket.start();
    await flushPromises();
    t.last().serverCloses(1006);
    expect(t.socket.state).toBe('reconnecting');
    t.clock.advance(30_000);
    await flushPromises();
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('stops for good on a manual stop: no reconnect, no timers left', async () => {
    const t = setup();
    await t.online();
    t.socket.stop();
    expect(t.socket.state).toBe('stopped');
    expect(t.socket.stopReason).toBe('manual');
    expect(t.last().closedByClient).toBe(true);
    t.clock.advance(60_000);
    await flushPromises();
    expect(FakeSocket.all).toHaveLength(1);
    expect(t.clock.pending()).toBe(0);
  });

  it('a manual stop while waiting to reconnect cancels the reconnect', async () => {
    const t = setup();
    await t.online();
    t.last().serverCloses(1006);
    t.socket.stop();
    t.clock.advance(60_000);
    await flushPromises();
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('stops on a 401 bind reply and on a 401 close', async () => {
    const t = setup();
    t.socket.start();
    await flushPromises();
    t.last().serverOpens();
    t.last().serverSends({ action: ImBind, code: 401 });
    expect(t.states.at(-1)).toEqual(['stopped', 'unauthorized']);
    t.clock.advance(60_000);
    await flushPromises();
    expect(FakeSocket.all).toHaveLength(1);

    const u = setup();
    u.socket.start();
    await flushPromises();
    u.last().serverCloses(CLOSE_UNAUTHORIZED);
    expect(u.socket.stopReason).toBe('unauthorized');
    u.clock.advance(60_000);
    await flushPromises();
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('after a refused handshake, stops when the sign-in is no longer good and retries when it is', async () => {
    for (const good of [false, true]) {
      FakeSocket.all = [];
      const clock = new FakeClock();
      const socket = new ChatSocket({
        url: () => 'ws://test/api/im/ws?token=t',
        bind: () => ({ uid: 'u1', channel: 'web', appVersion: '', packageName: '', deviceId: '', deviceName: '' }),
        open: (url) => new FakeSocket(url),
        clock,
        signedIn: () => Promise.resolve(good),
      });
      socket.start();
      await flushPromises();
      FakeSocket.all[0].serverCloses(1006);
      await flushPromises();
      expect(socket.state).toBe(good ? 'reconnecting' : 'stopped');
      clock.advance(30_000);
      await flushPromises();
      expect(FakeSocket.all).toHaveLength(good ? 2 : 1);
    }
  });

  it('stops on a 403 bind reply (no chat in the plan)', async () => {
    const t = setup();
    t.socket.start();
    await flushPromises();
    t.last().serverOpens();
    t.last().serverSends({ action: ImBind, code: 403 });
    expect(t.socket.stopReason).toBe('forbidden');
  });

  it('stops on a knock-out (999), says why, and does not come back when the server then closes', async () => {
    const t = setup();
    await t.online();
    const sock = t.last();
    sock.serverSends({ action: ImKnockOut, data: { reason: 'DISABLED' } });
    sock.serverCloses(1000);
    expect(t.socket.stopReason).toBe('knockout');
    expect(t.knocked).toEqual([{ reason: 'DISABLED' }]);
    t.clock.advance(60_000);
    await flushPromises();
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('starts again after a stop only when asked', async () => {
    const t = setup();
    await t.online();
    t.socket.stop();
    await t.online();
    expect(FakeSocket.all).toHaveLength(2);
    expect(t.socket.state).toBe('online');
  });

  it('stops without a token instead of trying an anonymous socket', async () => {
    FakeSocket.all = [];
    const socket = new ChatSocket({
      url: () => undefined,
      bind: () => ({ uid: '', channel: 'web', appVersion: '', packageName: '', deviceId: '', deviceName: '' }),
      open: (url) => new FakeSocket(url),
      clock: new FakeClock(),
    });
    socket.start();
    await flushPromises();
    expect(socket.stopReason).toBe('unauthorized');
    expect(FakeSocket.all).toHaveLength(0);
  });
});
