import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message, MessagePushRequest } from '@/types/api.gen';
import { Outbox, RETRY_MS, type Outgoing } from './outbox';

function req(trackId: string, content = trackId): MessagePushRequest {
  return { chatId: 'c1', trackId, messageType: 'TEXT', content };
}

function message(r: MessagePushRequest, seq: number): Message {
  return {
    id: `m-${r.trackId}`,
    trackId: r.trackId,
    chatId: r.chatId,
    seq,
    messageType: r.messageType,
    content: r.content,
    format: 'PLAIN',
    sender: 'u1',
    senderName: 'Amina',
    timestamp: 0,
    sendingState: 'SUCCESS',
    recalled: false,
  };
}

/** A server that stores each trackId once, and can be told to lose the network or refuse. */
function fakeServer() {
  const stored: Message[] = [];
  const calls: string[] = [];
  let mode: 'ok' | 'network' | 'refuse' | 'lostAnswer' = 'ok';
  const push = async (r: MessagePushRequest) => {
    calls.push(r.trackId);
    await Promise.resolve();
    if (mode === 'network') throw new Error('network');
    if (mode === 'refuse') throw new Error('refused');
    let m = stored.find((s) => s.trackId === r.trackId);
    if (!m) {
      m = message(r, stored.length + 1);
      stored.push(m);
    }
    if (mode === 'lostAnswer') throw new Error('network');
    return m;
  };
  return {
    stored,
    calls,
    push,
    set: (m: typeof mode) => {
      mode = m;
    },
  };
}

async function settle() {
  for (let i = 0; i < 100; i++) await Promise.resolve();
}

function setup() {
  const server = fakeServer();
  const states: Outgoing[][] = [];
  const sent: Message[] = [];
  const box = new Outbox({
    push: server.push,
    classify: (err) => ((err as Error).message === 'network' ? 'retry' : 'failed'),
    onChange: (items) => states.push(items),
    onSent: (m) => sent.push(m),
  });
  return { server, states, sent, box };
}

describe('chat outbox', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps messages written offline waiting, then sends them once each, in order, when online', async () => {
    const t = setup();
    t.box.add(req('a'));
    t.box.add(req('b'));
    await settle();
    expect(t.server.calls).toEqual([]);
    expect(t.box.list().map((i) => i.state)).toEqual(['waiting', 'waiting']);
    t.box.setOnline(true);
    t.box.setOnline(true); // a second bind reply while the first flush runs sends nothing twice
    await settle();
    expect(t.server.calls).toEqual(['a', 'b']);
    expect(t.sent.map((m) => m.trackId)).toEqual(['a', 'b']);
    expect(t.box.list()).toEqual([]);
  });

  it('sends at once while online', async () => {
    const t = setup();
    t.box.setOnline(true);
    t.box.add(req('a'));
    await settle();
    expect(t.server.stored.map((m) => m.content)).toEqual(['a']);
  });

  it('an answer lost on the way is pushed again with the same trackId and stored once', async () => {
    const t = setup();
    t.box.setOnline(true);
    t.server.set('lostAnswer');
    t.box.add(req('a'));
    await settle();
    expect(t.box.list()[0].state).toBe('waiting');
    t.server.set('ok');
    vi.advanceTimersByTime(RETRY_MS);
    await settle();
    expect(t.server.calls).toEqual(['a', 'a']);
    expect(t.server.stored).toHaveLength(1);
    expect(t.sent).toHaveLength(1);
    expect(t.box.list()).toEqual([]);
  });

  it('a network failure waits (in order) for the next return online', async () => {
    const t = setup();
    t.box.setOnline(true);
    t.server.set('network');
    t.box.add(req('a'));
    t.box.add(req('b'));
    await settle();
    expect(t.server.calls).toEqual(['a']);
    expect(t.box.list().map((i) => i.state)).toEqual(['waiting', 'waiting']);
    t.server.set('ok');
    t.box.setOnline(true);
    await settle();
    expect(t.server.stored.map((m) => m.trackId)).toEqual(['a', 'b']);
  });

  it('a refused message is marked failed, the rest go on, and a retry sends the same trackId', async () => {
    const t = setup();
    t.box.setOnline(true);
    t.server.set('refuse');
    t.box.add(req('a'));
    await settle();
    expect(t.box.list()[0].state).toBe('failed');
    t.server.set('ok');
    t.box.add(req('b'));
    await settle();
    expect(t.server.stored.map((m) => m.trackId)).toEqual(['b']);
    t.box.retry('a');
    await settle();
    expect(t.server.stored.map((m) => m.trackId)).toEqual(['b', 'a']);
    expect(t.box.list()).toEqual([]);
  });

  it('the same trackId added twice is one message', async () => {
    const t = setup();
    t.box.add(req('a'));
    t.box.add(req('a'));
    expect(t.box.list()).toHaveLength(1);
  });

  it('discards a failed message on request and forgets all on clear', async () => {
    const t = setup();
    t.box.setOnline(true);
    t.server.set('refuse');
    t.box.add(req('a'));
    await settle();
    t.box.discard('a');
    expect(t.box.list()).toEqual([]);
    t.box.setOnline(false);
    t.box.add(req('b'));
    t.box.clear();
    expect(t.box.list()).toEqual([]);
  });
});
