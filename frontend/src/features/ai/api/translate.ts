import type { TranslateRequest, TranslationResult } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { AI_CODES } from '../translatorRules';

/** POST /api/ai/translator/translate: the original comes back beside the translation, and who made it. */
export function translate(req: TranslateRequest, signal?: AbortSignal): Promise<TranslationResult> {
  return api.post<TranslationResult>('/ai/translator/translate', req, { signal, handles: AI_CODES });
}
