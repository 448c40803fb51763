import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Chat, ImFrame, Message, MessagePushRequest } from '@/types/api.gen';
import { ImBind, ImCodeOK, ImMessage } from '@/types/api.gen';
import { fakeServer, refuse, renderScreen, screen, within, type FakeServer } from '@/test/render';
import { startChatConnection, stopChatConnection } from '../socket/connection';
import MessagePage from './MessagePage';

/** The chat hub's end of the websocket: it accepts the bind and can push frames to the page. */
class FakeHubSocket {
  static last: FakeHubSocket | undefined;
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeHubSocket.last = this;
    setTimeout(() => {
      this.readyState = 1;
      this.onopen?.({});
    });
  }
  send(data: string) {
    const frame = JSON.parse(data) as ImFrame;
    if (frame.action === ImBind) this.push({ action: ImBind, code: ImCodeOK });
  }
  push(frame: ImFrame) {
    setTimeout(() => this.onmessage?.({ data: JSON.stringify(frame) }));
  }
  close() {
    this.readyState = 3;
  }
}

const ana = { userId: 'u-ana', name: 'Ana Ruiz', readSeq: 1 };
const me = { userId: 'user-1', name: 'Grace Kim', readSeq: 1 };
const chat: Chat = { id: 'c1', kind: 'DIRECT', name: 'Ana Ruiz', tenantId: 'tenant-maple', members: [ana, me], unreadMessageCount: 1, autoTranslate: false, lastMessageTime: Date.now(), createdAt: Date.now() - 86_400_000 };

function message(part: Partial<Message>): Message {
  return { id: 'm1', trackId: 't1', chatId: 'c1', seq: 1, messageType: 'TEXT', content: 'Ruth slept well.', format: 'PLAIN', sender: 'u-ana', senderName: 'Ana Ruiz', timestamp: Date.now() - 60_000, sendingState: 'SENT', recalled: false, ...part };
}

function server(): FakeServer {
  const api = fakeServer()
    .on('POST', '/im/chat/pageLatest', [chat])
    .on('POST', '/im/message/pageLatest', { records: [message({})], hasMore: false })
    .on('POST', '/im/chat/readAll', null)
    .on('GET', '/im/dashboard/', { unreadMessageCount: 1 });
  let seq = 1;
  api.on('POST', '/im/message/push', (call) => {
    const req = call.body as MessagePushRequest;
    seq += 1;
    return message({ id: `m${seq}`, seq, trackId: req.trackId, messageType: req.messageType, content: req.content, extra: req.extra, sender: 'user-1', senderName: 'Grace Kim', timestamp: Date.now() });
  });
  return api;
}

async function openChat() {
  const s = await renderScreen(<MessagePage />, { route: '/message?chat=c1', strings: ['chat'] });
  startChatConnection({ uid: 'user-1', channel: () => 'web', deviceName: 'test' });
  const conversation = await screen.findByRole('region', { name: 'Ana Ruiz' });
  const messages = within(conversation).getByRole('list', { name: 'Messages' });
  await within(messages).findByText('Ruth slept well.');
  return { ...s, conversation, messages };
}

// The page's socket is the fake hub's; the layout would start the connection, so the test does.
beforeEach(() => vi.stubGlobal('WebSocket', FakeHubSocket));
afterEach(() => stopChatConnection());

describe('the chat conversation', () => {
  it('offers Recall on the caller’s own message within the window the server names (chat.recallSeconds), not past it', async () => {
    const api = server().on('GET', '/im/dashboard/', { unreadMessageCount: 1, recallSeconds: 600 });
    api.on('POST', '/im/message/pageLatest', {
      records: [
        message({}),
        message({ id: 'm2', seq: 2, trackId: 't2', content: 'Five minutes ago.', sender: 'user-1', senderName: 'Grace Kim', sendingState: 'SUCCESS', timestamp: Date.now() - 300_000 }),
        message({ id: 'm3', seq: 3, trackId: 't3', content: 'Eleven minutes ago.', sender: 'user-1', senderName: 'Grace Kim', sendingState: 'SUCCESS', timestamp: Date.now() - 660_000 }),
      ],
      hasMore: false,
    });
    const { user, messages } = await openChat();
    const item = (text: string) => within(messages).getByText(text).closest('li') as HTMLElement;
    await expect.poll(() => api.callsTo('/im/dashboard/').length).toBeGreaterThan(0);

    await user.click(within(item('Five minutes ago.')).getByRole('button', { name: 'Message actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Recall' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(within(item('Eleven minutes ago.')).getByRole('button', { name: 'Message actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Reply' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Recall' })).toBeNull();
  });

  it('sends a typed message, and shows one that arrives', async () => {
    const api = server();
    const { user, conversation, messages } = await openChat();
    const send = within(conversation).getByRole('button', { name: 'Send' }) as HTMLButtonElement;

    expect(send.disabled).toBe(true); // nothing written yet
    await user.type(within(conversation).getByRole('textbox', { name: 'Message' }), '   ');
    expect(send.disabled).toBe(true); // blank text is not sent
    await user.type(within(conversation).getByRole('textbox', { name: 'Message' }), 'Thank you!{Enter}');

    expect(await within(messages).findByText('Thank you!')).toBeTruthy();
    await expect.poll(() => api.callsTo('/im/message/push').length).toBe(1);
    expect(api.lastBody('/im/message/push')).toMatchObject({ chatId: 'c1', messageType: 'TEXT', content: 'Thank you!' });
    expect((within(conversation).getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('');
    expect(api.callsTo('/im/chat/readAll')[0].body).toEqual({ chatId: 'c1' });

    FakeHubSocket.last?.push({ action: ImMessage, data: message({ id: 'm9', seq: 9, trackId: 't9', content: 'See you at six.' }) });
    expect(await within(messages).findByText('See you at six.')).toBeTruthy();
  });

  it('uploads a chosen file and sends it as a message', async () => {
    const api = server().on('POST', '/im/message/upload', { fileName: 'f-77.pdf', originName: 'care-plan.pdf', contentType: 'application/pdf', size: 2048, messageType: 'FILE' });
    const { user, messages } = await openChat();

    await user.upload(screen.getByTestId('chat-file-input'), new File(['%PDF-1.4'], 'care-plan.pdf', { type: 'application/pdf' }));

    expect(await within(messages).findByText('care-plan.pdf')).toBeTruthy();
    const form = api.lastBody('/im/message/upload');
    expect(form.chatId).toBe('c1');
    expect((form.file as File).name).toBe('care-plan.pdf');
    await expect.poll(() => api.callsTo('/im/message/push').length).toBe(1);
    expect(api.lastBody('/im/message/push')).toMatchObject({ chatId: 'c1', messageType: 'FILE', content: 'f-77.pdf' });
    expect(JSON.parse(String(api.lastBody('/im/message/push').extra))).toMatchObject({ name: 'care-plan.pdf', size: 2048 });
  });

  it('says why a file was refused and sends no message', async () => {
    const api = server().on('POST', '/im/message/upload', refuse('4022', '"notes.exe" is not a PDF, JPEG or PNG file.'));
    const { user, conversation } = await openChat();
    const record = within(conversation).getByRole('button', { name: 'Record a voice message' }) as HTMLButtonElement;

    await user.upload(screen.getByTestId('chat-file-input'), new File(['MZ'], 'notes.exe', { type: 'application/octet-stream' }));

    expect(await screen.findByText('Operation failed: "notes.exe" is not a PDF, JPEG or PNG file.')).toBeTruthy();
    expect(api.callsTo('/im/message/push')).toHaveLength(0);
    // The upload is over: recording can start again.
    await expect.poll(() => record.disabled).toBe(false);
  });

  it('keeps a message written while offline, waiting to send', async () => {
    const api = server();
    const { user, conversation, messages } = await openChat();
    stopChatConnection();

    await user.type(within(conversation).getByRole('textbox', { name: 'Message' }), 'Are you there?{Enter}');
    const row = (await within(messages).findByText('Are you there?')).closest('li') as HTMLElement;
    expect(within(row).getByText('Waiting to send')).toBeTruthy();
    expect(api.callsTo('/im/message/push')).toHaveLength(0);
  });

  it('reads in Chinese', async () => {
    server();
    await renderScreen(<MessagePage />, { route: '/message?chat=c1', strings: ['chat'], language: 'zh-CN' });
    const conversation = await screen.findByRole('region', { name: 'Ana Ruiz' });
    expect(within(conversation).getByRole('button', { name: '发送' })).toBeTruthy();
  });
});
