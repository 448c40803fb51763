// Keys of the AI feature's codes (static, so the locale check sees them).

export const LANGUAGE_KEYS = {
  ENGLISH: 'ai.language.ENGLISH',
  CHINESE: 'ai.language.CHINESE',
  SPANISH: 'ai.language.SPANISH',
  SWAHILI: 'ai.language.SWAHILI',
  TAGALOG: 'ai.language.TAGALOG',
  ROMANIAN: 'ai.language.ROMANIAN',
  RUSSIAN: 'ai.language.RUSSIAN',
  PUNJABI: 'ai.language.PUNJABI',
  HINDI: 'ai.language.HINDI',
  AUTO: 'ai.language.AUTO',
} as const;

export const VOICE_KEYS = {
  alloy: 'ai.voice.alloy',
  ash: 'ai.voice.ash',
  coral: 'ai.voice.coral',
  echo: 'ai.voice.echo',
  fable: 'ai.voice.fable',
  onyx: 'ai.voice.onyx',
  nova: 'ai.voice.nova',
  sage: 'ai.voice.sage',
  shimmer: 'ai.voice.shimmer',
} as const;

export const CAPABILITY_KEYS = {
  TRANSLATION: 'ai.capability.TRANSLATION',
  TRANSCRIPTION: 'ai.capability.TRANSCRIPTION',
  SPEECH: 'ai.capability.SPEECH',
  ANALYSIS: 'ai.capability.ANALYSIS',
} as const;

/** The key of a code in one of the maps above, or undefined for a code this UI does not know. */
export function keyOf<M extends Readonly<Record<string, string>>>(map: M, code: string): M[keyof M] | undefined {
  return Object.hasOwn(map, code) ? map[code as keyof M] : undefined;
}
