import type { ChatCompletionRequest, ChatCompletionResult } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { AI_CODES } from '../translatorRules';

/** POST /api/ai/basic/chatCompletion: the model /ai-config sets for translation and rewriting. */
export function chatCompletion(req: ChatCompletionRequest, signal?: AbortSignal): Promise<ChatCompletionResult> {
  return api.post<ChatCompletionResult>('/ai/basic/chatCompletion', req, { signal, handles: AI_CODES });
}
