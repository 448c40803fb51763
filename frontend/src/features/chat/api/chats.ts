import { useQuery } from '@tanstack/react-query';
import type { Chat, ChatAutoTranslateRequest, ChatMembersRequest, ChatPageRequest, ChatStartRequest, ImDashboard, Page } from '@/types/api.gen';
import { ChatPageMax, ChatRecallSeconds } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { chatsKey, imDashboardKey } from './keys';

/**
 * GET /api/im/dashboard/: the caller's unread messages in all chats (the sidebar badge), and the recall
 * window in force (the run-time parameter chat.recallSeconds) the chat offers Recall within.
 */
export function imDashboard(signal?: AbortSignal): Promise<ImDashboard> {
  return api
    .get<ImDashboard | null>('/im/dashboard/', { signal, quiet: true })
    .then((d) => ({ unreadMessageCount: d?.unreadMessageCount ?? 0, recallSeconds: d?.recallSeconds || ChatRecallSeconds }));
}

export function useImDashboard(enabled: boolean) {
  return useQuery({ queryKey: imDashboardKey, queryFn: ({ signal }) => imDashboard(signal), enabled, retry: false });
}

/** POST /api/im/chat/pageLatest: the caller's chats in the facility, latest activity first. */
export function pageChats(req: ChatPageRequest, signal?: AbortSignal): Promise<Chat[]> {
  return api
    .post<Page<Chat> | Chat[] | null>('/im/chat/pageLatest', req, { signal })
    .then((page) => (Array.isArray(page) ? page : (page?.records ?? [])));
}

export function useChats() {
  return useQuery({
    queryKey: chatsKey,
    queryFn: ({ signal }) => pageChats({ current: 1, size: ChatPageMax }, signal),
  });
}

/** POST /api/im/chat/start: the direct chat with one person (the same one again), or a new group. */
export function startChat(req: ChatStartRequest): Promise<Chat> {
  return api.post<Chat>('/im/chat/start', req);
}

export function addMembers(req: ChatMembersRequest): Promise<Chat | null> {
  return api.post<Chat | null>('/im/chat/addMember', req);
}

export function removeMembers(req: ChatMembersRequest): Promise<Chat | null> {
  return api.post<Chat | null>('/im/chat/removeMember', req);
}

/** POST /api/im/chat/readAll: everything in the chat is read (when it is open). */
export function readAll(chatId: string): Promise<unknown> {
  return api.post('/im/chat/readAll', { chatId }, { quiet: true });
}

/** POST /api/im/chat/leave?chatId= (spec 001 §7.11: chatId as query). */
export function leaveChat(chatId: string): Promise<unknown> {
  return api.post('/im/chat/leave', {}, { query: { chatId } });
}

/** POST /api/im/chat/name/modify, form encoded (spec 001 §7.11). */
export function renameChat(chatId: string, name: string): Promise<unknown> {
  return api.upload('/im/chat/name/modify', new URLSearchParams({ chatId, name }));
}

/** POST /api/im/chat/autoTranslate: the caller's per-chat switch. */
export function setAutoTranslate(req: ChatAutoTranslateRequest): Promise<unknown> {
  return api.post('/im/chat/autoTranslate', req);
}
