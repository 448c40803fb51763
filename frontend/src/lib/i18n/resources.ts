import enUS from './locales/en-US.json';
import residentsEn from '@/features/residents/locales/en-US.json';
import staffEn from '@/features/staff/locales/en-US.json';
import attendanceEn from '@/features/attendance/locales/en-US.json';
import requestsEn from '@/features/requests/locales/en-US.json';
import desktopEn from '@/features/desktop/locales/en-US.json';

/**
 * The catalogue is the platform file (./locales/<lang>.json) plus one fragment per feature
 * (src/features/<feature>/locales/<lang>.json, a single top-level namespace), so features add their
 * strings without editing a shared file. A new feature adds its English import here for the types.
 */
export const english = { ...enUS, ...residentsEn, ...staffEn, ...attendanceEn, ...requestsEn, ...desktopEn };

export type TranslationResources = typeof english;

type Json = { default: Record<string, unknown> };

const platform = import.meta.glob<Json>(['./locales/es-ES.json', './locales/zh-CN.json']);
const fragments = import.meta.glob<Json>(['/src/features/*/locales/es-ES.json', '/src/features/*/locales/zh-CN.json']);

/** Loads a non-English catalogue: the platform file and every feature fragment, merged. */
export async function loadLocale(lang: string): Promise<TranslationResources | undefined> {
  const main = platform[`./locales/${lang}.json`];
  if (!main) return undefined;
  const parts = await Promise.all(
    Object.entries(fragments)
      .filter(([path]) => path.endsWith(`/${lang}.json`))
      .map(([, load]) => load()),
  );
  return Object.assign({}, (await main()).default, ...parts.map((p) => p.default)) as TranslationResources;
}
