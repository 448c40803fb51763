import { describe, expect, it } from 'vitest';
import type { AIStatus } from '@/types/api.gen';
import {
  AUTO,
  base64ToBlob,
  characterCount,
  failureKind,
  parseSides,
  showsFix,
  pickRecorderType,
  recordingFileName,
  recordingWay,
  SPEECH_VOICES,
  switchNeedsWarning,
  targetLanguage,
  TEXT_MAX,
  textProblem,
  translationAvailable,
  TRANSLATOR_LANGUAGES,
} from './translatorRules';

describe('languages and voices', () => {
  it('are the nine of shared/ai.go', () => {
    expect(TRANSLATOR_LANGUAGES).toEqual(['ENGLISH', 'CHINESE', 'SPANISH', 'SWAHILI', 'TAGALOG', 'ROMANIAN', 'RUSSIAN', 'PUNJABI', 'HINDI']);
    expect(SPEECH_VOICES).toEqual(['alloy', 'ash', 'coral', 'echo', 'fable', 'onyx', 'nova', 'sage', 'shimmer']);
  });
});

describe('the 5000-character text', () => {
  it('is the spec limit', () => expect(TEXT_MAX).toBe(5000));
  it('refuses empty and blank text', () => {
    expect(textProblem('')).toBe('empty');
    expect(textProblem('  \n ')).toBe('empty');
  });
  it('takes exactly 5000 characters and refuses 5001', () => {
    expect(textProblem('a'.repeat(5000))).toBeNull();
    expect(textProblem('a'.repeat(5001))).toBe('tooLong');
  });
  it('counts characters as the server does (code points, so an emoji or a rare Chinese character is one)', () => {
    const text = '😀'.repeat(5000);
    expect(text.length).toBe(10000);
    expect(textProblem(text)).toBeNull();
    expect(characterCount('𠀀你好')).toEqual({ used: 3, max: 5000, over: false });
    expect(characterCount('b'.repeat(5001)).over).toBe(true);
  });
});

describe('the recorder format', () => {
  it('prefers webm where the browser records it (Chrome, Firefox)', () => {
    expect(pickRecorderType((t) => t.startsWith('audio/webm'))).toBe('audio/webm;codecs=opus');
  });
  it('falls back to mp4 on Safari', () => {
    expect(pickRecorderType((t) => t === 'audio/mp4')).toBe('audio/mp4');
  });
  it('lets the browser choose when it says nothing or throws', () => {
    expect(pickRecorderType(undefined)).toBe('');
    expect(pickRecorderType(() => false)).toBe('');
    expect(
      pickRecorderType(() => {
        throw new Error('no');
      }),
    ).toBe('');
  });
  it('names the file by its type', () => {
    expect(recordingFileName('audio/webm;codecs=opus')).toBe('speech.webm');
    expect(recordingFileName('audio/mp4')).toBe('speech.mp4');
    expect(recordingFileName('audio/wav')).toBe('speech.wav');
    expect(recordingFileName('')).toBe('speech.webm');
  });
  it('turns the desktop shell’s base64 WAV into a Blob to upload', async () => {
    const blob = base64ToBlob(btoa('RIFF\u0000\u0001WAVE'), 'audio/wav');
    expect(blob.type).toBe('audio/wav');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([82, 73, 70, 70, 0, 1, 87, 65, 86, 69]));
  });
  it('records in the browser, else through the desktop shell, else not at all', () => {
    expect(recordingWay(true, true, true)).toBe('browser');
    expect(recordingWay(false, false, true)).toBe('desktop');
    expect(recordingWay(true, false, false)).toBe('none');
  });
});

describe('auto-detect', () => {
  it('warns when a side leaves auto-detect for a fixed language (spec 001 §8)', () => {
    expect(switchNeedsWarning(AUTO, 'SPANISH')).toBe(true);
    expect(switchNeedsWarning('ENGLISH', 'SPANISH')).toBe(false);
    expect(switchNeedsWarning('ENGLISH', AUTO)).toBe(false);
  });
  it('translates into the other side’s language, or what it was detected as', () => {
    expect(targetLanguage({ language: 'CHINESE', voice: 'nova' })).toBe('CHINESE');
    expect(targetLanguage({ language: AUTO, voice: 'nova' }, 'HINDI')).toBe('HINDI');
    expect(targetLanguage({ language: AUTO, voice: 'nova' })).toBe('ENGLISH');
  });
});

const offline: AIStatus = {
  translator: true,
  helpAssistant: true,
  marketing: 'PREMIUM',
  capabilities: [{ capability: 'TRANSLATION', allowed: true, configured: false }],
  languages: [
    { language: 'ENGLISH', offlineSpeech: true, offlineTranslation: true },
    { language: 'SPANISH', offlineSpeech: true, offlineTranslation: true },
    { language: 'CHINESE', offlineSpeech: true, offlineTranslation: false },
    { language: 'TAGALOG', offlineSpeech: false, offlineTranslation: false },
  ],
  voices: [],
  maxTextLength: 5000,
};

describe('what works before anything is sent', () => {
  it('without a provider: English↔Spanish only', () => {
    expect(translationAvailable(offline, 'ENGLISH', 'SPANISH')).toBe(true);
    expect(translationAvailable(offline, AUTO, 'SPANISH')).toBe(true);
    expect(translationAvailable(offline, 'ENGLISH', 'CHINESE')).toBe(false);
    expect(translationAvailable(offline, 'CHINESE', 'CHINESE')).toBe(true);
  });
  it('with a provider: every pair', () => {
    const online = { ...offline, capabilities: [{ capability: 'TRANSLATION', allowed: true, configured: true }] };
    expect(translationAvailable(online, 'TAGALOG', 'CHINESE')).toBe(true);
  });
});

describe('failures', () => {
  it('name what happened by the AI service’s codes', () => {
    expect(failureKind('400')).toBe('noSpeech');
    expect(failureKind('4150')).toBe('needsProvider');
    expect(failureKind('4155')).toBe('noOfflineVoice');
    expect(failureKind('4151')).toBe('provider');
    expect(failureKind('4154')).toBe('provider');
    expect(failureKind('4029')).toBe('busy');
    expect(failureKind('4156')).toBe('quota');
    expect(failureKind('5000')).toBe('other');
  });
});

describe('the remembered sides and who sees a fix', () => {
  it('reads back what was stored, and nothing broken or unknown', () => {
    const sides = [
      { language: 'SPANISH', voice: 'coral' },
      { language: 'AUTO', voice: 'onyx' },
    ];
    expect(parseSides(JSON.stringify(sides))).toEqual(sides);
    expect(parseSides(null)).toBeUndefined();
    expect(parseSides('{')).toBeUndefined();
    expect(parseSides(JSON.stringify([{ language: 'KLINGON', voice: 'coral' }, sides[1]]))).toBeUndefined();
    expect(parseSides(JSON.stringify([sides[0], { language: 'ENGLISH', voice: 'robot' }]))).toBeUndefined();
    expect(parseSides(JSON.stringify([sides[0]]))).toBeUndefined();
  });

  it("gives the server's install hint to the owner and the super admin, not to a caregiver", () => {
    expect(showsFix('4154', ['CAREGIVER_STAFF'])).toBe(false);
    expect(showsFix('4152', ['FACILITY_ADMIN'])).toBe(false);
    expect(showsFix('4154', ['FACILITY_OWNER'])).toBe(true);
    expect(showsFix('4154', ['SUPER_ADMIN'])).toBe(true);
    expect(showsFix('4156', ['CAREGIVER_STAFF'])).toBe(true);
  });
});
