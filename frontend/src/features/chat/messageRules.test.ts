import { describe, expect, it } from 'vitest';
import type { Chat, Message } from '@/types/api.gen';
import {
  applyRecall,
  dayStarts,
  canRecall,
  canSelectMore,
  chatsWithMessage,
  fileDetails,
  forwardedOf,
  inOtherLanguage,
  isKeyMessage,
  keyParams,
  mergeMessage,
  prependPage,
} from './messageRules';

function msg(over: Partial<Message> = {}): Message {
  return {
    id: 'm1',
    trackId: 't1',
    chatId: 'c1',
    seq: 1,
    messageType: 'TEXT',
    content: 'Hola',
    format: 'PLAIN',
    sender: 'u1',
    senderName: 'Amina',
    timestamp: 1_000_000,
    sendingState: 'SUCCESS',
    recalled: false,
    ...over,
  };
}

describe('chat message rules', () => {
  it('lets the sender recall a stored message for 2 minutes, and nobody else', () => {
    const m = msg();
    expect(canRecall(m, 'u1', m.timestamp + 120_000)).toBe(true);
    expect(canRecall(m, 'u1', m.timestamp + 120_001)).toBe(false);
    expect(canRecall(m, 'u2', m.timestamp)).toBe(false);
    expect(canRecall({ ...m, recalled: true }, 'u1', m.timestamp)).toBe(false);
    expect(canRecall({ ...m, sendingState: 'SENDING' }, 'u1', m.timestamp)).toBe(false);
    expect(canRecall({ ...m, messageType: 'SYSTEM' }, 'u1', m.timestamp)).toBe(false);
  });

  it('keeps a conversation in seq order with one copy per id and per trackId', () => {
    let list = [msg({ id: 'a', trackId: 'ta', seq: 1 }), msg({ id: 'c', trackId: 'tc', seq: 3 })];
    list = mergeMessage(list, msg({ id: 'b', trackId: 'tb', seq: 2 }));
    expect(list.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    list = mergeMessage(list, msg({ id: 'b', trackId: 'tb', seq: 2, content: 'again' }));
    expect(list.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(list[1].content).toBe('again');
    // The server's copy of a message this device pushed (same trackId) replaces nothing else.
    list = mergeMessage(list, msg({ id: 'd', trackId: 'td', seq: 4 }));
    expect(list.map((m) => m.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(prependPage(list, [msg({ id: 'z', trackId: 'tz', seq: 0 }), msg({ id: 'a', trackId: 'ta', seq: 1 })]).map((m) => m.id)).toEqual([
      'z',
      'a',
      'b',
      'c',
      'd',
    ]);
  });

  it('a recall empties the message for everyone', () => {
    const [m] = applyRecall([msg({ translation: 'Hello' })], 'm1');
    expect(m).toMatchObject({ recalled: true, content: '', translation: undefined });
  });

  it('moves a chat with a new message to the top with it as the last message', () => {
    const chat = (id: string): Chat => ({
      id,
      kind: 'GROUP',
      name: id,
      tenantId: 't',
      members: [],
      unreadMessageCount: 0,
      autoTranslate: false,
      lastMessageTime: 0,
      createdAt: 0,
    });
    const out = chatsWithMessage([chat('c0'), chat('c1')], msg({ timestamp: 5 }));
    expect(out.map((c) => c.id)).toEqual(['c1', 'c0']);
    expect(out[0].lastMessage?.id).toBe('m1');
    expect(out[0].lastMessageTime).toBe(5);
  });

  it('reads Hearth notes as keys with params, instants shown as times', () => {
    const m = msg({ messageType: 'SYSTEM', format: 'KEY', content: 'chat.system.medOverdueSoon', extra: '{"resident":"Rosa","medication":"Metformin","dueAt":1700000000000}' });
    expect(isKeyMessage(m)).toBe(true);
    expect(keyParams(m, (ms) => `T${ms}`)).toEqual({ resident: 'Rosa', medication: 'Metformin', dueAt: 'T1700000000000' });
    expect(keyParams(msg({ extra: '{"dueAt":"1700000000000","shiftDate":"2026-11-24"}' }), (ms) => `T${ms}`)).toEqual({ dueAt: 'T1700000000000', shiftDate: '2026-11-24' });
    expect(keyParams(msg({ extra: '{"from":"2026-11-27","to":"2026-11-28"}' }), String, (d) => `D${d}`)).toEqual({ from: 'D2026-11-27', to: 'D2026-11-28' });
    expect(keyParams(msg({ extra: 'not json' }), String)).toEqual({});
  });

  it('tells a message in another language from the reader’s', () => {
    expect(inOtherLanguage(msg({ language: 'es' }), 'en-US')).toBe(true);
    expect(inOtherLanguage(msg({ language: 'en-GB' }), 'en-US')).toBe(false);
    expect(inOtherLanguage(msg({ language: undefined }), 'en-US')).toBe(false);
  });

  it('limits a multi-select to the configured maximum', () => {
    expect(canSelectMore(29, 30)).toBe(true);
    expect(canSelectMore(30, 30)).toBe(false);
  });

  it('reads file details and merged forwards from extra', () => {
    expect(fileDetails(msg({ content: 'chat/abc.png', extra: '{"name":"wound.png","size":2048,"width":640}' }))).toMatchObject({ name: 'wound.png', size: 2048, width: 640 });
    expect(fileDetails(msg({ content: 'chat/abc.png' })).name).toBe('abc.png');
    expect(forwardedOf(msg({ extra: '[{"messageType":"TEXT","content":"hi","senderName":"Wei","timestamp":1}]' }))).toHaveLength(1);
    expect(forwardedOf(msg({ extra: '{"messages":[{"messageType":"TEXT","content":"hi","senderName":"Wei","timestamp":1}]}' }))).toHaveLength(1);
  });
});

describe('dayStarts', () => {
  const at = (iso: string) => Date.parse(iso);
  it('marks the first message and each one that opens a new day in the facility zone', () => {
    const messages = [
      { id: 'a', timestamp: at('2026-11-22T18:00:00Z') }, // 10:00 in Los Angeles, the 22nd
      { id: 'b', timestamp: at('2026-11-23T07:30:00Z') }, // 23:30 the 22nd there
      { id: 'c', timestamp: at('2026-11-23T08:30:00Z') }, // 00:30 the 23rd there
      { id: 'd', timestamp: at('2026-11-23T20:00:00Z') },
    ];
    expect([...dayStarts(messages, 'America/Los_Angeles')]).toEqual(['a', 'c']);
    // In UTC, b and c fall on the same day, after a.
    expect([...dayStarts(messages, 'UTC')]).toEqual(['a', 'b']);
    expect(dayStarts([], 'UTC').size).toBe(0);
  });
});
