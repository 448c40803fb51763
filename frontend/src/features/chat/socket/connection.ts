// The one chat connection of this tab and what the screens read from it: the socket's state, the unread
// count (the sidebar badge) and the messages waiting to be sent. The layout starts it once signed in
// (useChatConnection) and it stops at sign-out; frames reach the chat's caches through onChatFrame.
import { create } from 'zustand';
import type { ImFrame, ImKnockOutEvent, ImUnreadEvent, Message, MessagePushRequest } from '@/types/api.gen';
import { ImUnread } from '@/types/api.gen';
import { isApiError, refreshTokens } from '@/lib/api/client';
import { currentSession } from '@/lib/session/store';
import { accessTokenNeedsRefresh, deviceId } from '@/lib/session/session';
import { pushMessage, pushOutcomeUnknown } from '../api/messages';
import { imDashboard } from '../api/chats';
import { ChatSocket, type SocketState, type StopReason } from './chatSocket';
import { Outbox, type Outgoing } from './outbox';
import { randomId } from '@/lib/crypto/randomId';

/** spec 001 §9: the messaging client is version 1.0.0 on the web channel. */
export const CHAT_CLIENT_VERSION = '1.0.0';
export const CHAT_PACKAGE_NAME = 'hearth-web';

export type ChatChannel = 'web' | 'desktop';

interface ChatConnectionState {
  state: SocketState;
  stopReason?: StopReason;
  /** Why the server knocked this socket out (DISABLED, SIGNED_OUT, PLAN). */
  knockOut?: string;
  /** Unread messages in all chats; undefined until known. */
  unread?: number;
  outgoing: Outgoing[];
}

export const useChatConnection = create<ChatConnectionState>(() => ({ state: 'idle', outgoing: [] }));

type FrameListener = (frame: ImFrame) => void;
type SentListener = (message: Message) => void;
const frameListeners = new Set<FrameListener>();
const sentListeners = new Set<SentListener>();

/** Every pushed frame (messages, recalls, reads, unread counts, chat changes). */
export function onChatFrame(fn: FrameListener): () => void {
  frameListeners.add(fn);
  return () => frameListeners.delete(fn);
}

/** Every message of ours the server stored (the outbox's pushes). */
export function onMessageSent(fn: SentListener): () => void {
  sentListeners.add(fn);
  return () => sentListeners.delete(fn);
}

const outbox = new Outbox({
  push: pushMessage,
  classify: (err) => (pushOutcomeUnknown(err) ? 'retry' : 'failed'),
  onChange: (items) => useChatConnection.setState({ outgoing: items }),
  onSent: (message, item) => {
    if (item.preview) URL.revokeObjectURL(item.preview);
    for (const fn of sentListeners) fn(message);
  },
});

let socket: ChatSocket | null = null;
let knockOutHandler: ((event: ImKnockOutEvent) => void) | undefined;
let cloudUrlOf: (() => string | undefined) | undefined;

/** The websocket's address with a fresh access token (the same origin as the page). */
async function socketUrl(): Promise<string | undefined> {
  let session = currentSession();
  if (session && accessTokenNeedsRefresh(session.token)) {
    await refreshTokens();
    session = currentSession();
  }
  if (!session) return undefined;
  return socketAddress(location, cloudUrlOf?.(), session.token);
}

/**
 * Where the socket connects. A page served over http(s) (the cloud, or `hearth-desktop --serve`, whose proxy
 * passes the upgrade on) connects to its own origin. The desktop window's pages come through the Wails asset
 * handler, which answers requests but carries no websocket (wails.io docs, "AssetServer"), so there the
 * socket goes straight to the cloud the shell is set up with.
 */
export function socketAddress(page: Pick<Location, 'protocol' | 'host'>, cloudUrl: string | undefined, token: string): string {
  const query = `/api/im/ws?token=${encodeURIComponent(token)}`;
  if (cloudUrl && !page.protocol.startsWith('http')) {
    const cloud = new URL(cloudUrl);
    return `${cloud.protocol === 'https:' ? 'wss:' : 'ws:'}//${cloud.host}${query}`;
  }
  return `${page.protocol === 'https:' ? 'wss:' : 'ws:'}//${page.host}${query}`;
}

/** After a refused handshake: is the sign-in still good? (An HTTP call says 401 where the socket cannot.) */
async function sessionStillGood(): Promise<boolean> {
  try {
    await imDashboard();
    return true;
  } catch (err) {
    if (!isApiError(err)) return true;
    return !(err.httpStatus === 401 || err.httpStatus === 410 || ['4001', '401', '4002'].includes(err.code));
  }
}

function refreshUnread(): void {
  imDashboard()
    .then((d) => useChatConnection.setState({ unread: d.unreadMessageCount }))
    .catch(() => undefined);
}

export interface StartOptions {
  uid: string;
  /** Asked at each bind: the desktop shell is recognised a moment after the page starts. */
  channel: () => ChatChannel;
  deviceName: string;
  /** A knock-out (999): the layout signs out or says why. */
  onKnockOut?: (event: ImKnockOutEvent) => void;
  /** In the desktop window: the cloud the shell is set up with, asked at each connect (socketAddress). */
  cloudUrl?: () => string | undefined;
}

/** Starts the tab's connection (again, for another user or facility). */
export function startChatConnection(opts: StartOptions): void {
  stopChatConnection();
  knockOutHandler = opts.onKnockOut;
  cloudUrlOf = opts.cloudUrl;
  useChatConnection.setState({ state: 'idle', stopReason: undefined, knockOut: undefined, unread: undefined, outgoing: [] });
  socket = new ChatSocket({
    url: socketUrl,
    bind: () => ({
      uid: opts.uid,
      channel: opts.channel(),
      appVersion: CHAT_CLIENT_VERSION,
      packageName: CHAT_PACKAGE_NAME,
      deviceId: deviceId(),
      deviceName: opts.deviceName,
    }),
    onState: (state, stopReason) => {
      useChatConnection.setState({ state, stopReason });
      outbox.setOnline(state === 'online');
      // Counts may have moved while away: ask once on every return.
      if (state === 'online') refreshUnread();
    },
    onFrame: (frame) => {
      if (frame.action === ImUnread) {
        const ev = frame.data as ImUnreadEvent | undefined;
        if (ev) useChatConnection.setState({ unread: ev.unreadMessageCount });
      }
      for (const fn of frameListeners) fn(frame);
    },
    signedIn: sessionStillGood,
    onKnockOut: (event) => {
      useChatConnection.setState({ knockOut: event.reason || 'UNKNOWN' });
      knockOutHandler?.(event);
    },
  });
  socket.start();
  refreshUnread();
}

/** The manual stop (sign-out, another facility): no reconnect, and nothing left waiting for this user. */
export function stopChatConnection(): void {
  socket?.stop();
  socket = null;
  outbox.setOnline(false);
  outbox.clear();
}

/** Sends a message now, or once the chat is back online (spec 000 §4; sent once by its trackId). */
export function sendChatMessage(request: MessagePushRequest, view: Partial<Pick<Outgoing, 'preview' | 'extraView' | 'referContent'>> = {}): void {
  outbox.add(request, view);
}

export function retryChatMessage(trackId: string): void {
  outbox.retry(trackId);
}

export function discardChatMessage(trackId: string): void {
  const item = outbox.list().find((i) => i.request.trackId === trackId);
  if (item?.preview) URL.revokeObjectURL(item.preview);
  outbox.discard(trackId);
}

/** The badge after this tab read a chat (the socket's ImUnread follows, this only avoids the wait). */
export function noteChatRead(unreadInChat: number): void {
  const { unread } = useChatConnection.getState();
  if (unread !== undefined) useChatConnection.setState({ unread: Math.max(0, unread - unreadInChat) });
}

/** A new client id for a message (its trackId). */
export function newTrackId(): string {
  return randomId();
}
