import type {
  ChatUpload,
  Message,
  MessageDeleteRequest,
  MessageForwardRequest,
  MessagePage,
  MessagePageRequest,
  MessageKind,
  MessagePushRequest,
  MessageTranslation,
} from '@/types/api.gen';
import { useQuery } from '@tanstack/react-query';
import { ChatPageMax, CodeAINotConfigured, CodeOffline } from '@/types/api.gen';
import { api, isApiError } from '@/lib/api/client';
import { messagesKey } from './keys';

/** POST /api/im/message/pageLatest: the newest messages before a seq, oldest first. */
export function pageMessages(req: MessagePageRequest, signal?: AbortSignal): Promise<MessagePage> {
  return api
    .post<MessagePage | null>('/im/message/pageLatest', req, { signal })
    .then((p) => ({ records: p?.records ?? [], hasMore: p?.hasMore ?? false }));
}

/**
 * POST /api/im/message/push. Quiet: the outbox shows a failure on the message itself (failed, with
 * Retry), and a push whose answer was lost is pushed again with its trackId.
 */
export function pushMessage(req: MessagePushRequest): Promise<Message> {
  return api.post<Message>('/im/message/push', req, { quiet: true });
}

/**
 * A push that failed without an answer (network, timeout, 5xx) may have been stored, and one the desktop shell
 * answered "offline" (4134: the cloud is away) waits for it: push it again, with the same trackId.
 */
export function pushOutcomeUnknown(err: unknown): boolean {
  if (!isApiError(err)) return true;
  return err.code === '' || err.code === CodeOffline || err.httpStatus >= 500;
}

export function deleteMessages(req: MessageDeleteRequest): Promise<unknown> {
  return api.post('/im/message/delete', req);
}

export function forwardMessages(req: MessageForwardRequest): Promise<unknown> {
  return api.post('/im/message/forward', req);
}

/** GET /api/im/message/recall?messageId=: the sender takes it back for everyone (within 2 minutes). */
export function recallMessage(messageId: string): Promise<unknown> {
  return api.get('/im/message/recall', { query: { messageId } });
}

/** POST /api/im/message/upload (multipart): a picture, file or clip for this chat; push its fileName. */
export function uploadChatFile(chatId: string, file: Blob, name: string, messageType?: MessageKind): Promise<ChatUpload> {
  const form = new FormData();
  form.set('chatId', chatId);
  // AUDIO: a WebM or MP4 recording is a voice clip (not a video).
  if (messageType) form.set('messageType', messageType);
  form.set('file', file, name);
  return api.upload<ChatUpload>('/im/message/upload', form);
}

/** Why a translation is missing, when it is not simply "not asked yet". */
export type TranslationFailure = 'noProvider' | 'failed';

/** POST /api/im/message/translate: the text in the caller's language (cached per message and language). */
export function translateMessage(messageId: string): Promise<MessageTranslation> {
  return api.post<MessageTranslation>('/im/message/translate', { messageId }, { handles: [CodeAINotConfigured] });
}

export function translationFailure(err: unknown): TranslationFailure {
  return isApiError(err) && err.code === CodeAINotConfigured ? 'noProvider' : 'failed';
}

/** The size a picture is asked in (spec 001 §9: thumbnails 250×150, previews 1280×800). */
export type ImageSize = 'thumb' | 'large';

/** GET /api/im/file/download: a chat file's bytes (a picture in a size, or as uploaded). */
export function downloadChatFile(fileName: string, resize?: ImageSize, signal?: AbortSignal) {
  return api.file('/im/file/download', { query: { fileName, resize, preview: resize ? true : undefined }, signal, quiet: true });
}

/** The newest page of a conversation; older pages are added in front by loadOlder (useConversation). */
export function useMessages(chatId: string) {
  return useQuery({
    queryKey: messagesKey(chatId),
    queryFn: ({ signal }) => pageMessages({ chatId, size: ChatPageMax }, signal),
    // Pushes keep it current; a refetch would drop the older pages the reader loaded.
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
}
