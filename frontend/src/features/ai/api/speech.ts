import type { TextToSpeechRequest } from '@/types/api.gen';
import { requestFile } from '@/lib/api/client';
import { AI_CODES } from '../translatorRules';

/** POST /api/ai/voice/textToSpeech: the audio's bytes (the provider's MP3, or espeak-ng's WAV offline). */
export async function textToSpeech(req: TextToSpeechRequest, signal?: AbortSignal): Promise<Blob> {
  const file = await requestFile('/ai/voice/textToSpeech', { method: 'POST', body: req, signal, handles: AI_CODES });
  return file.blob;
}
