// The live speech translator's rules (spec 000 §1, spec 001 §5, §8, §9; docs/api.md "AI service"): the
// nine languages and voices of shared/ai.go, the 5000-character text, the recorder's format, and what a
// failed call means for the person speaking.
import type { AIStatus, ResidentLanguage, SpeechVoice } from '@/types/api.gen';
import {
  LanguageChinese,
  LanguageEnglish,
  LanguageHindi,
  LanguagePunjabi,
  LanguageRomanian,
  LanguageRussian,
  LanguageSpanish,
  LanguageSwahili,
  LanguageTagalog,
  RoleFacilityOwner,
  RoleFacilityOwnerRegister,
  RoleSuperAdmin,
  TranslateAuto,
  TranslatorTextMax,
  VoiceAlloy,
  VoiceAsh,
  VoiceCoral,
  VoiceEcho,
  VoiceFable,
  VoiceNova,
  VoiceOnyx,
  VoiceSage,
  VoiceShimmer,
} from '@/types/api.gen';

/** shared.TranslatorLanguages, in the same order. */
export const TRANSLATOR_LANGUAGES: readonly ResidentLanguage[] = [
  LanguageEnglish,
  LanguageChinese,
  LanguageSpanish,
  LanguageSwahili,
  LanguageTagalog,
  LanguageRomanian,
  LanguageRussian,
  LanguagePunjabi,
  LanguageHindi,
];

/** shared.SpeechVoices: OpenAI tts-1's nine voices. */
export const SPEECH_VOICES: readonly SpeechVoice[] = [
  VoiceAlloy,
  VoiceAsh,
  VoiceCoral,
  VoiceEcho,
  VoiceFable,
  VoiceOnyx,
  VoiceNova,
  VoiceSage,
  VoiceShimmer,
];

export const AUTO = TranslateAuto;

/** spec 001 §5, §9: translator input at most 5000 characters. */
export const TEXT_MAX = TranslatorTextMax;

/** spec 001 §9: audio recorded in chunks every 1 second. */
export const RECORDER_TIMESLICE_MS = 1000;

/** How long one press of the desktop shell's RecordAudio records (its bound is 1–60 s). */
export const DESKTOP_RECORD_SECONDS = 8;

/** Characters as the server counts them (Go's utf8.RuneCountInString): code points, not UTF-16 units. */
export function textLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

export type TextProblem = 'empty' | 'tooLong' | null;

/** Why the typed text cannot be sent, or null. */
export function textProblem(text: string): TextProblem {
  if (text.trim() === '') return 'empty';
  if (textLength(text) > TEXT_MAX) return 'tooLong';
  return null;
}

/** "1234 / 5000": characters used and whether the limit is passed. */
export function characterCount(text: string): { used: number; max: number; over: boolean } {
  const used = textLength(text);
  return { used, max: TEXT_MAX, over: used > TEXT_MAX };
}

/**
 * The recording format: webm (Chrome, Firefox), mp4 on Safari (spec 001 §9), whichever the browser says
 * it records (MediaRecorder.isTypeSupported). '' lets the browser choose.
 */
export const RECORDER_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4;codecs=mp4a.40.2', 'audio/mp4', 'audio/ogg;codecs=opus'] as const;

export function pickRecorderType(isTypeSupported: ((type: string) => boolean) | undefined): string {
  if (!isTypeSupported) return '';
  return RECORDER_TYPES.find((type) => {
    try {
      return isTypeSupported(type);
    } catch {
      return false;
    }
  }) ?? '';
}

/** The file name sent with a recording: the server decides by content, the name only helps people reading logs. */
export function recordingFileName(mimeType: string): string {
  const base = mimeType.split(';')[0].trim().toLowerCase();
  if (base === 'audio/mp4' || base === 'video/mp4') return 'speech.mp4';
  if (base === 'audio/ogg') return 'speech.ogg';
  if (base === 'audio/wav' || base === 'audio/x-wav' || base === 'audio/wave') return 'speech.wav';
  if (base === 'audio/mpeg') return 'speech.mp3';
  return 'speech.webm';
}

/** A base64 WAV from the desktop shell's RecordAudio as a Blob to upload. */
export function base64ToBlob(base64: string, mimeType: string): Blob {
  const bin = atob(base64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type: mimeType || 'audio/wav' });
}

/** How this device can record: the browser's microphone, the desktop shell's RecordAudio, or not at all. */
export type RecordingWay = 'browser' | 'desktop' | 'none';

export function recordingWay(hasMediaDevices: boolean, hasMediaRecorder: boolean, hasDesktopRecorder: boolean): RecordingWay {
  if (hasMediaDevices && hasMediaRecorder) return 'browser';
  if (hasDesktopRecorder) return 'desktop';
  return 'none';
}

/** One side of the conversation. `language` AUTO: detected from what is said. */
export interface Side {
  language: ResidentLanguage;
  voice: SpeechVoice;
}

/**
 * spec 001 §8: switching language while in auto-detect mode warns. A switch warns when the side is in
 * auto-detect and the person picks a fixed language (leaving auto-detect).
 */
export function switchNeedsWarning(current: ResidentLanguage, next: ResidentLanguage): boolean {
  return current === AUTO && next !== AUTO;
}

/** The language to speak and translate into: the other side's, or English if that side is in auto-detect. */
export function targetLanguage(other: Side, detected?: ResidentLanguage): ResidentLanguage {
  if (other.language !== AUTO) return other.language;
  return detected && detected !== AUTO ? detected : LanguageEnglish;
}

/** What works offline for a language, from /status (nothing known: assume it needs a provider). */
export function offlineSupport(status: AIStatus | undefined, language: ResidentLanguage) {
  const row = status?.languages?.find((l) => l.language === language);
  return { speech: row?.offlineSpeech ?? false, translation: row?.offlineTranslation ?? false };
}

/** Whether a capability has a provider configured here (from /status). */
export function providerConfigured(status: AIStatus | undefined, capability: string): boolean {
  return status?.capabilities?.some((c) => c.capability === capability && c.configured) ?? false;
}

/**
 * Whether translating from → to can work before anything is sent: a configured provider does every pair;
 * without one, only apertium's English↔Spanish (and the same language).
 */
export function translationAvailable(status: AIStatus | undefined, from: ResidentLanguage, to: ResidentLanguage): boolean {
  if (providerConfigured(status, 'TRANSLATION')) return true;
  if (from === to) return true;
  if (from === AUTO) return offlineSupport(status, to).translation;
  return offlineSupport(status, from).translation && offlineSupport(status, to).translation;
}

/** The AI service's own failure codes (shared/ai.go) that the translator explains in place. */
export const AI_CODES = ['400', '4029', '4150', '4151', '4152', '4153', '4154', '4155', '4156', '4022', '7003'] as const;

export type FailureKind = 'noSpeech' | 'needsProvider' | 'noOfflineVoice' | 'provider' | 'busy' | 'quota' | 'other';

/** What a failed call means, by its code (docs/api.md "AI service" codes). */
export function failureKind(code: string): FailureKind {
  switch (code) {
    case '400':
      return 'noSpeech';
    case '4150':
      return 'needsProvider';
    case '4155':
      return 'noOfflineVoice';
    case '4151':
    case '4152':
    case '4153':
    case '4154':
      return 'provider';
    case '4029':
      return 'busy';
    case '4156':
      return 'quota';
    default:
      return 'other';
  }
}

/** Where this device remembers the two people's languages and voices (chosen once, kept for the next talk). */
export const SIDES_STORAGE_KEY = 'hearth.translator.sides';

/** The caregiver's and the resident's side before anything was chosen. */
export const DEFAULT_SIDES: readonly [Side, Side] = [
  { language: LanguageEnglish, voice: VoiceAlloy },
  { language: LanguageSpanish, voice: VoiceNova },
];

/** The remembered sides from their stored text; undefined when nothing valid was stored (a removed language or voice included). */
export function parseSides(text: string | null): [Side, Side] | undefined {
  if (!text) return undefined;
  try {
    const v: unknown = JSON.parse(text);
    if (!Array.isArray(v) || v.length !== 2) return undefined;
    const ok = (s: unknown): s is Side =>
      typeof s === 'object' &&
      s !== null &&
      (TRANSLATOR_LANGUAGES.includes((s as Side).language) || (s as Side).language === AUTO) &&
      SPEECH_VOICES.includes((s as Side).voice);
    return ok(v[0]) && ok(v[1]) ? [{ language: v[0].language, voice: v[0].voice }, { language: v[1].language, voice: v[1].voice }] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a failure's own message (which may name the server's missing program and how to install it) is
 * for this person: the owner and the super admin can have it fixed; a caregiver gets a plain sentence.
 */
export function showsFix(code: string, roles: readonly string[]): boolean {
  if (code !== '4152' && code !== '4153' && code !== '4154') return true;
  return roles.some((r) => r === RoleSuperAdmin || r === RoleFacilityOwner || r === RoleFacilityOwnerRegister);
}
