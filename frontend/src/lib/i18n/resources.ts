import enUS from './locales/en-US.json';
import type residentsEn from '@/features/residents/locales/en-US.json';
import type staffEn from '@/features/staff/locales/en-US.json';
import type attendanceEn from '@/features/attendance/locales/en-US.json';
import type requestsEn from '@/features/requests/locales/en-US.json';
import type desktopEn from '@/features/desktop/locales/en-US.json';
import type moveinEn from '@/features/movein/locales/en-US.json';
import type taskrulesEn from '@/features/taskrules/locales/en-US.json';
import type tasksEn from '@/features/tasks/locales/en-US.json';
import type disposalEn from '@/features/disposal/locales/en-US.json';
import type notificationsEn from '@/features/notifications/locales/en-US.json';
import type emarsEn from '@/features/emars/locales/en-US.json';
import type medicationsEn from '@/features/medications/locales/en-US.json';
import type carerecordEn from '@/features/carerecord/locales/en-US.json';
import type shiftsEn from '@/features/shifts/locales/en-US.json';
import type aiEn from '@/features/ai/locales/en-US.json';
import type incidentsEn from '@/features/incidents/locales/en-US.json';
import type chatEn from '@/features/chat/locales/en-US.json';
import type platformParamsEn from '@/features/platform-params/locales/en-US.json';
import type platformFunctionsEn from '@/features/platform-functions/locales/en-US.json';
import type platformAuditEn from '@/features/platform-audit/locales/en-US.json';
import type platformMenusEn from '@/features/platform-menus/locales/en-US.json';
import type platformEn from '@/features/platform/locales/en-US.json';
import type dashboardEn from '@/features/dashboard/locales/en-US.json';
import type facilityDocsEn from '@/features/facility-docs/locales/en-US.json';
import type platformJobsEn from '@/features/platform-jobs/locales/en-US.json';
import type platformPackagesEn from '@/features/platform-packages/locales/en-US.json';
import type platformDocReqsEn from '@/features/platform-doc-requirements/locales/en-US.json';
import type billingEn from '@/features/billing/locales/en-US.json';
import type inspectorEn from '@/features/inspector/locales/en-US.json';
import type smartsetupEn from '@/features/smartsetup/locales/en-US.json';

/**
 * The catalogue is the platform file (./locales/<lang>.json) plus one fragment per feature
 * (src/features/<feature>/locales/<lang>.json, a single top-level namespace), so features add their
 * strings without editing a shared file. Only the platform's English ships with the first page; a
 * feature's fragment loads with the pages that use it (loadFeatureStrings in ./index.ts, the pages'
 * list in app/pageRegistry.ts). A new feature adds its English type import here.
 */
export const platformEnglish = enUS;

export type TranslationResources = typeof enUS &
  typeof residentsEn &
  typeof staffEn &
  typeof attendanceEn &
  typeof requestsEn &
  typeof desktopEn &
  typeof moveinEn &
  typeof taskrulesEn &
  typeof tasksEn &
  typeof disposalEn &
  typeof notificationsEn &
  typeof emarsEn &
  typeof medicationsEn &
  typeof shiftsEn &
  typeof carerecordEn &
  typeof aiEn &
  typeof incidentsEn &
  typeof chatEn &
  typeof platformParamsEn &
  typeof platformFunctionsEn &
  typeof platformAuditEn &
  typeof platformMenusEn &
  typeof platformEn &
  typeof dashboardEn &
  typeof facilityDocsEn &
  typeof platformJobsEn &
  typeof platformPackagesEn &
  typeof platformDocReqsEn &
  typeof billingEn &
  typeof inspectorEn &
  typeof smartsetupEn;

/** The features that have a locales/ folder. */
export type StringsFeature =
  | 'residents'
  | 'staff'
  | 'attendance'
  | 'requests'
  | 'desktop'
  | 'movein'
  | 'taskrules'
  | 'tasks'
  | 'disposal'
  | 'notifications'
  | 'emars'
  | 'medications'
  | 'shifts'
  | 'carerecord'
  | 'ai'
  | 'incidents'
  | 'chat'
  | 'platform-params'
  | 'platform-functions'
  | 'platform-audit'
  | 'platform-menus'
  | 'platform'
  | 'dashboard'
  | 'facility-docs'
  | 'platform-jobs'
  | 'platform-packages'
  | 'platform-doc-requirements'
  | 'billing'
  | 'inspector'
  | 'smartsetup';

type Strings = Record<string, unknown>;
type Json = { default: Strings };

const platform = import.meta.glob<Json>(['./locales/es-ES.json', './locales/zh-CN.json']);
const fragments = import.meta.glob<Json>('/src/features/*/locales/*.json');

/** The platform strings of a language other than English (undefined for a language we do not have). */
export async function loadPlatform(lang: string): Promise<Strings | undefined> {
  const load = platform[`./locales/${lang}.json`];
  return load ? (await load()).default : undefined;
}

/** One feature's strings in one language (undefined when the feature has none in it). */
export async function loadFragment(feature: string, lang: string): Promise<Strings | undefined> {
  const load = fragments[`/src/features/${feature}/locales/${lang}.json`];
  return load ? (await load()).default : undefined;
}

/** The features that have strings in lang. */
export function fragmentFeatures(lang: string): string[] {
  return Object.keys(fragments)
    .filter((path) => path.endsWith(`/locales/${lang}.json`))
    .map((path) => path.split('/')[3]);
}

/** A whole catalogue, the platform file and every feature's fragment merged (the locale tests read it). */
export async function loadLocale(lang: string): Promise<TranslationResources | undefined> {
  const main = lang === 'en-US' ? platformEnglish : await loadPlatform(lang);
  if (!main) return undefined;
  const parts = await Promise.all(fragmentFeatures(lang).map((f) => loadFragment(f, lang)));
  return Object.assign({}, main, ...parts) as TranslationResources;
}
