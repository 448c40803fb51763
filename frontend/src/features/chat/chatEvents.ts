// The socket's pushes applied to what the chat page shows (the chat list and the open conversations).
import type { QueryClient } from '@tanstack/react-query';
import type { Chat, ImFrame, ImReadEvent, ImRecallEvent, ImUnreadEvent, Message, MessagePage } from '@/types/api.gen';
import { ImChat, ImMessage, ImRead, ImRecall, ImUnread } from '@/types/api.gen';
import { chatsKey, messagesKey } from './api/keys';
import { applyRecall, chatsWithMessage, mergeMessage } from './messageRules';

/** A stored message (a push, or the answer to our own push) in its conversation and in the list. */
export function addMessage(qc: QueryClient, m: Message): void {
  qc.setQueryData<MessagePage>(messagesKey(m.chatId), (page) => (page ? { ...page, records: mergeMessage(page.records, m) } : page));
  const chats = qc.getQueryData<Chat[]>(chatsKey);
  if (chats?.some((c) => c.id === m.chatId)) qc.setQueryData<Chat[]>(chatsKey, chatsWithMessage(chats, m));
  else void qc.invalidateQueries({ queryKey: chatsKey });
}

export function applyFrame(qc: QueryClient, frame: ImFrame): void {
  switch (frame.action) {
    case ImMessage: {
      const m = frame.data as Message | undefined;
      if (m?.chatId) addMessage(qc, m);
      return;
    }
    case ImRecall: {
      const ev = frame.data as ImRecallEvent | undefined;
      if (!ev?.chatId) return;
      qc.setQueryData<MessagePage>(messagesKey(ev.chatId), (page) => (page ? { ...page, records: applyRecall(page.records, ev.messageId) } : page));
      qc.setQueryData<Chat[]>(chatsKey, (chats) =>
        chats?.map((c) =>
          c.id === ev.chatId && c.lastMessage?.id === ev.messageId ? { ...c, lastMessage: { ...c.lastMessage, recalled: true, content: '' } } : c,
        ),
      );
      return;
    }
    case ImUnread: {
      const ev = frame.data as ImUnreadEvent | undefined;
      if (!ev?.chatId) return;
      qc.setQueryData<Chat[]>(chatsKey, (chats) => chats?.map((c) => (c.id === ev.chatId ? { ...c, unreadMessageCount: ev.chatUnread } : c)));
      return;
    }
    case ImRead: {
      const ev = frame.data as ImReadEvent | undefined;
      if (!ev?.chatId) return;
      qc.setQueryData<Chat[]>(chatsKey, (chats) =>
        chats?.map((c) =>
          c.id === ev.chatId ? { ...c, members: c.members.map((mb) => (mb.userId === ev.userId ? { ...mb, readSeq: Math.max(mb.readSeq, ev.readSeq) } : mb)) } : c,
        ),
      );
      return;
    }
    case ImChat:
      void qc.invalidateQueries({ queryKey: chatsKey });
      return;
    default:
  }
}
