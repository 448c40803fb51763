import type { ChatCompletionRequest, ChatCompletionResult } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { AI_CODES } from '../translatorRules';

/** POST /api/ai/basic/chatCompletion: a named use (HELP) whose system prompt is the server's; 4156 past a daily quota. */
export function chatCompletion(req: ChatCompletionRequest, signal?: AbortSignal): Promise<ChatCompletionResult> {
  return api.post<ChatCompletionResult>('/ai/basic/chatCompletion', req, { signal, handles: AI_CODES });
}
