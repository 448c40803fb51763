import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type {
  FacilityDocCheckItemDef,
  FacilityDocLabels,
  FacilityDocNames,
  FacilityDocRequirementDef,
} from '@/types/api.gen';

export type { FacilityDocCheckItemDef, FacilityDocLabels, FacilityDocNames, FacilityDocRequirementDef };

/** The categories in the checklist's order (spec 000 §3 "Facility document"). */
export const DOC_CATEGORIES = ['EMERGENCY_PREPAREDNESS', 'LICENSING_COMPLIANCE', 'RULES_POLICIES', 'BUILDING_SAFETY'] as const;
export type DocCategory = (typeof DOC_CATEGORIES)[number];

/** The languages a requirement is named in. */
export const NAME_LANGUAGES = ['en-US', 'es-ES', 'zh-CN'] as const;
export type NameLanguage = (typeof NAME_LANGUAGES)[number];

export const requirementsKey = ['system', 'facilityDocRequirements'] as const;

/** GET /api/system/facilityDocRequirement/list (super admin): the whole required set, retired requirements too. */
export function useDocRequirements() {
  return useQuery({
    queryKey: requirementsKey,
    queryFn: () => api.get<FacilityDocRequirementDef[] | null>('/system/facilityDocRequirement/list').then((r) => r ?? []),
  });
}

/** POST /api/system/facilityDocRequirement/save: a new requirement (no code) or an edit with its check items; 4022 names the field. */
export function saveDocRequirement(r: FacilityDocRequirementDef): Promise<FacilityDocRequirementDef> {
  return api.post<FacilityDocRequirementDef>('/system/facilityDocRequirement/save', r, { handles: ['4022'] });
}

/** POST /api/system/facilityDocRequirement/retire or /restore. */
export function setDocRequirementRetired(code: string, retire: boolean): Promise<FacilityDocRequirementDef> {
  return api.post<FacilityDocRequirementDef>(`/system/facilityDocRequirement/${retire ? 'retire' : 'restore'}`, { code });
}

/** A name or wording in the reader's language, else the English one. */
export function inLanguage(text: FacilityDocNames | FacilityDocLabels, lang: string): string {
  const l = NAME_LANGUAGES.find((n) => n === lang || n.slice(0, 2) === lang.slice(0, 2)) ?? 'en-US';
  return text[l] || text['en-US'];
}

/** A new requirement's starting values in a category. */
export function blankRequirement(category: DocCategory): FacilityDocRequirementDef {
  return {
    code: '',
    category,
    names: { 'en-US': '', 'es-ES': '', 'zh-CN': '' },
    source: '',
    sort: 0,
    expiryRequired: false,
    signaturesRequired: false,
    approvalStep: false,
    validityMonths: 0,
    expiringSoonDays: 0,
    checkItems: [],
    retiredAt: 0,
    documents: 0,
    updateTime: 0,
  };
}

export function blankCheckItem(): FacilityDocCheckItemDef {
  return { code: '', labels: { 'en-US': '', 'es-ES': '', 'zh-CN': '' }, source: '', keywords: [] };
}

/** Keywords as typed: separated by commas (Chinese and Spanish commas too), trimmed, empty ones dropped. */
export function parseKeywords(text: string): string[] {
  return text
    .split(/[,，、]/)
    .map((k) => k.trim())
    .filter((k) => k !== '');
}
