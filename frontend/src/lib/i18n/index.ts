import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_KEY } from '@/lib/session/session';
import { loadFragment, loadPlatform, platformEnglish, type StringsFeature, type TranslationResources } from './resources';

/** Interface languages (spec 000 §1). Labels are endonyms: each language is named in itself, in every locale. */
export const LANGUAGES = [
  { code: 'en-US', label: 'English' },
  { code: 'es-ES', label: 'Español' },
  { code: 'zh-CN', label: '简体中文' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const DEFAULT_LANGUAGE: LanguageCode = 'en-US';

export type { StringsFeature, TranslationResources };

export function isLanguage(value: string | null | undefined): value is LanguageCode {
  return LANGUAGES.some((l) => l.code === value);
}

/** The stored choice, else the browser's language when it is one we have, else English. */
export function pickLanguage(stored: string | null, browser: readonly string[]): LanguageCode {
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const primary = tag.toLowerCase().split('-')[0];
    const match = LANGUAGES.find((l) => l.code.toLowerCase() === tag.toLowerCase() || l.code.split('-')[0] === primary);
    if (match) return match.code;
  }
  return DEFAULT_LANGUAGE;
}

export async function initI18n(): Promise<typeof i18n> {
  const lng = pickLanguage(localStorage.getItem(LANGUAGE_KEY), navigator.languages ?? [navigator.language]);
  // The platform's English ships with the app (it is also the fallback); another language loads only when
  // chosen. Features' strings load with their pages (loadFeatureStrings).
  const resources: Record<string, { translation: Record<string, unknown> }> = { 'en-US': { translation: platformEnglish } };
  const other = lng === 'en-US' ? undefined : await loadPlatform(lng);
  if (other) resources[lng] = { translation: other };
  await i18n.use(initReactI18next).init({
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    resources,
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    // Strings added later (a feature's fragment) redraw the components that use them.
    react: { bindI18nStore: 'added' },
  });
  document.documentElement.lang = lng;
  document.querySelector('meta[name="description"]')?.setAttribute('content', i18n.t('app.brand.tagline'));
  return i18n;
}

const featureLoads = new Map<string, Promise<void>>();

/**
 * Adds the strings of features (src/features/<f>/locales) in the current language and in English, the
 * fallback, each once. A page waits for these before it shows (app/pageRegistry.ts).
 */
export function loadFeatureStrings(features: readonly StringsFeature[]): Promise<void> {
  const langs = [...new Set([currentLanguage(), DEFAULT_LANGUAGE])];
  return Promise.all(
    features.flatMap((feature) =>
      langs.map((lang) => {
        const key = `${lang}/${feature}`;
        let load = featureLoads.get(key);
        if (!load) {
          load = loadFragment(feature, lang).then(
            (strings) => {
              if (strings) i18n.addResourceBundle(lang, 'translation', strings, true, false);
            },
            (err: unknown) => {
              featureLoads.delete(key); // tried again by the next page that needs it
              throw err;
            },
          );
          featureLoads.set(key, load);
        }
        return load;
      }),
    ),
  ).then(() => undefined);
}

/** The language sent as Accept-Language. */
export function currentLanguage(): LanguageCode {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Stores the choice and reloads the page (spec 000 §2 "Language selector"). */
export function chooseLanguage(code: LanguageCode): void {
  localStorage.setItem(LANGUAGE_KEY, code);
  window.location.reload();
}

export { i18n };
