import { Intent } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import { i18n } from '@/lib/i18n';
import type { FacilityDocNames } from '@/types/api.gen';
import {
  FacilityDocDone,
  FacilityDocExpired,
  FacilityDocExpiringSoon,
  FacilityDocMissing,
  FacilityDocRenewed,
  FacilityDocUpcoming,
  FacilityDocUpdated,
} from '@/types/api.gen';

/** The categories in the page's order (spec 000 §3 "Facility document"). */
export const CATEGORIES = ['EMERGENCY_PREPAREDNESS', 'LICENSING_COMPLIANCE', 'RULES_POLICIES', 'BUILDING_SAFETY'] as const;
export type Category = (typeof CATEGORIES)[number];

/** The statuses the server computes (shared.FacilityDocStatusOf), worst first: the UI only names and colours them. */
export const STATUSES = [
  FacilityDocMissing,
  FacilityDocExpired,
  FacilityDocExpiringSoon,
  FacilityDocUpcoming,
  FacilityDocRenewed,
  FacilityDocUpdated,
  FacilityDocDone,
] as const;

export function isStatus(s: string | null): s is (typeof STATUSES)[number] {
  return (STATUSES as readonly (string | null)[]).includes(s);
}

export function isCategory(c: string): c is Category {
  return (CATEGORIES as readonly string[]).includes(c);
}

/** The colour of a status: red for missing or expired, orange for expiring soon, blue for upcoming, green otherwise. */
export function statusIntent(status: string): Intent {
  switch (status) {
    case FacilityDocMissing:
    case FacilityDocExpired:
      return Intent.DANGER;
    case FacilityDocExpiringSoon:
      return Intent.WARNING;
    case FacilityDocUpcoming:
      return Intent.PRIMARY;
    default:
      return Intent.SUCCESS;
  }
}

export function statusLabel(t: TFunction, status: string): string {
  return isStatus(status) ? (t(`facilityDocs.status.${status}` as never) as string) : status;
}

export function categoryLabel(t: TFunction, category: string): string {
  return isCategory(category) ? t(`facilityDocs.category.${category}`) : category;
}

/** A name or wording as the required set has it (super admin's /facility-doc-requirements), in the reader's language. */
export function setText(text: { 'en-US': string; 'es-ES': string; 'zh-CN': string } | null | undefined): string {
  if (!text?.['en-US']) return '';
  const lang = i18n.language ?? 'en-US';
  return (lang.startsWith('es') ? text['es-ES'] : lang.startsWith('zh') ? text['zh-CN'] : '') || text['en-US'];
}

/** A checklist item's name in the reader's language: as the required set has it, else this UI's, else its code. */
export function requirementLabel(t: TFunction, code: string, names?: FacilityDocNames): string {
  const named = setText(names);
  if (named) return named;
  const key = `facilityDocs.requirement.${code}`;
  const text = t(key as never) as string;
  return text === key ? code : text;
}
