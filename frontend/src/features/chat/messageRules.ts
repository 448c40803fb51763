// What a message shows and what may be done with it (spec 000 §3 "Chat", §4, §5; shared/im.go).
import type { Chat, ForwardedMessage, Message, MessageKind } from '@/types/api.gen';
import { zonedDate } from '@/lib/time/zone';
import {
  ChatRecallSeconds,
  FormatKey,
  MessageAudio,
  MessageCommand,
  MessageEvent,
  MessageFile,
  MessageForwardEach,
  MessageForwardMerge,
  MessageImage,
  MessageSystem,
  MessageText,
  MessageVideo,
  SendingSuccess,
} from '@/types/api.gen';

/** The JSON of a message's extra; {} when there is none or it is not an object. */
export function parseExtra(extra: string | undefined): Record<string, unknown> {
  if (!extra) return {};
  try {
    const v: unknown = JSON.parse(extra);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The forwarded messages inside a FORWARD_MERGE message. */
export function forwardedOf(message: Pick<Message, 'extra'>): ForwardedMessage[] {
  if (!message.extra) return [];
  try {
    const v: unknown = JSON.parse(message.extra);
    const list = Array.isArray(v) ? v : v && typeof v === 'object' && Array.isArray((v as { messages?: unknown }).messages) ? (v as { messages: unknown[] }).messages : [];
    return list.filter((m): m is ForwardedMessage => !!m && typeof m === 'object' && 'messageType' in m);
  } catch {
    return [];
  }
}

/** Hearth's own words: a key of the chat catalogue with its params (SYSTEM, EVENT). */
export function isKeyMessage(m: Pick<Message, 'messageType' | 'format'>): boolean {
  return m.messageType === MessageSystem || m.messageType === MessageEvent || m.format === FormatKey;
}

/** Never shown (reserved for clients). */
export function isHidden(m: Pick<Message, 'messageType'>): boolean {
  return m.messageType === MessageCommand;
}

export function isOwn(m: Pick<Message, 'sender'>, uid: string | undefined): boolean {
  return !!uid && m.sender === uid;
}

const MEDIA: readonly MessageKind[] = [MessageImage, MessageFile, MessageAudio, MessageVideo];

export function isMedia(kind: MessageKind): boolean {
  return MEDIA.includes(kind);
}

/** The sender may recall a stored message of theirs for 2 minutes (HEARTH_CHAT_RECALL_SECONDS). */
export function canRecall(m: Message, uid: string | undefined, now: number, windowSeconds = ChatRecallSeconds): boolean {
  if (!isOwn(m, uid) || m.recalled || isKeyMessage(m) || m.sendingState !== SendingSuccess) return false;
  return now - m.timestamp <= windowSeconds * 1000;
}

/** Forwarding takes people's messages, not Hearth's notes or recalled ones. */
export function canForward(m: Message): boolean {
  return !m.recalled && !isKeyMessage(m) && !isHidden(m);
}

/** Whether one more message may join a multi-select of `count` (spec 000 §5: a configured maximum). */
export function canSelectMore(count: number, max: number): boolean {
  return count < max;
}

/** The primary language subtag ("es" of "es-ES", "zh" of "zh-CN"). */
export function primaryLanguage(tag: string | undefined): string {
  return (tag ?? '').toLowerCase().split(/[-_]/)[0];
}

/** A message written in another language than the reader's: it may be translated. */
export function inOtherLanguage(m: Pick<Message, 'language'>, readerLanguage: string): boolean {
  return !!m.language && primaryLanguage(m.language) !== primaryLanguage(readerLanguage);
}

/** Text a reader may translate: a person's text, not recalled. */
export function translatable(m: Message): boolean {
  return m.messageType === MessageText && !m.recalled && m.content.trim() !== '';
}

/**
 * A key message's params for the catalogue: values named …At are instants (epoch ms, as a number or its
 * digits: chatpost sends strings) shown as the time in the facility's zone; calendar days (YYYY-MM-DD) in the
 * reader's date format; the rest are given as they are.
 */
export function keyParams(
  m: Pick<Message, 'extra'>,
  formatInstant: (ms: number) => string,
  formatDay: (day: string) => string = (day) => day,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(parseExtra(m.extra))) {
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) {
      out[k] = formatDay(v); // a calendar day (a shift's date, a leave's first and last day)
      continue;
    }
    const instant = typeof v === 'number' ? v : typeof v === 'string' && /^\d{10,}$/.test(v) ? Number(v) : undefined;
    if (instant !== undefined && /At$/.test(k)) out[k] = formatInstant(instant);
    else if (Array.isArray(v)) out[k] = v.map(String).join(', ');
    else if (v !== null && v !== undefined) out[k] = String(v);
  }
  return out;
}

/** The file details an upload left in a message's extra. */
export interface FileDetails {
  name: string;
  size?: number;
  contentType?: string;
  width?: number;
  height?: number;
  durationMs?: number;
}

export function fileDetails(m: Pick<Message, 'extra' | 'content'>): FileDetails {
  const x = parseExtra(m.extra);
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const name = typeof x.name === 'string' && x.name ? x.name : typeof x.originName === 'string' && x.originName ? x.originName : m.content.split('/').pop() || m.content;
  return {
    name,
    size: num(x.size),
    contentType: typeof x.contentType === 'string' ? x.contentType : undefined,
    width: num(x.width),
    height: num(x.height),
    durationMs: num(x.durationMs),
  };
}

/** Adds or replaces a message in a conversation kept oldest first (by seq); one copy per id and per trackId. */
export function mergeMessage(records: readonly Message[], incoming: Message): Message[] {
  const rest = records.filter((r) => r.id !== incoming.id && !(incoming.trackId && r.trackId === incoming.trackId));
  const at = rest.findIndex((r) => r.seq > incoming.seq);
  if (at < 0) return [...rest, incoming];
  return [...rest.slice(0, at), incoming, ...rest.slice(at)];
}

/** A recall removes the message's content for everyone (spec 000 §4): it shows as "recalled". */
export function applyRecall(records: readonly Message[], messageId: string): Message[] {
  return records.map((r) => (r.id === messageId ? { ...r, recalled: true, content: '', extra: undefined, translation: undefined } : r));
}

/** Older messages before the ones shown. */
export function prependPage(records: readonly Message[], older: readonly Message[]): Message[] {
  return older.reduce<Message[]>((acc, m) => mergeMessage(acc, m), [...records]);
}

/** The chat list after a message: its last message and time, moved to the top. */
export function chatsWithMessage(chats: readonly Chat[], m: Message): Chat[] {
  const chat = chats.find((c) => c.id === m.chatId);
  if (!chat) return [...chats];
  if (chat.lastMessage && chat.lastMessage.seq > m.seq) return [...chats];
  const updated: Chat = { ...chat, lastMessage: m, lastMessageTime: m.timestamp };
  return [updated, ...chats.filter((c) => c.id !== m.chatId)];
}

/** The kinds a FORWARD message names in its preview. */
export const FORWARD_KINDS: readonly MessageKind[] = [MessageForwardEach, MessageForwardMerge];

/**
 * The ids of the messages that open a new day in the zone (the first one always does): the conversation
 * shows the date above each, so a few days of history do not read as one.
 */
export function dayStarts(messages: readonly Pick<Message, 'id' | 'timestamp'>[], zone: string | undefined): Set<string> {
  const starts = new Set<string>();
  let day = '';
  for (const m of messages) {
    const d = zonedDate(m.timestamp, zone);
    if (d !== day) starts.add(m.id);
    day = d;
  }
  return starts;
}
