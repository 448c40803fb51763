import type { ResidentLanguage, TranscriptionResult } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { AI_CODES, recordingFileName } from '../translatorRules';

/** POST /api/ai/voice/transcription (multipart file + language; AUTO detects). Code 400: no speech heard. */
export function transcribe(audio: Blob, language: ResidentLanguage, signal?: AbortSignal): Promise<TranscriptionResult> {
  const form = new FormData();
  form.append('file', audio, recordingFileName(audio.type));
  form.append('language', language);
  return api.upload<TranscriptionResult>('/ai/voice/transcription', form, { signal, handles: AI_CODES });
}
