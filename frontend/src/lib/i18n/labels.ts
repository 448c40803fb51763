// Static key maps for values the server sends as codes, so every key stays visible to the locale check.
import type { TFunction } from 'i18next';
import type { MenuItem } from '@/types/api.gen';
import enUS from './locales/en-US.json';

export const ROLE_KEYS = {
  SUPER_ADMIN: 'common.role.superAdmin',
  FACILITY_OWNER: 'common.role.facilityOwner',
  FACILITY_OWNER_REGISTER: 'common.role.facilityOwnerRegister',
  FACILITY_ADMIN: 'common.role.facilityAdmin',
  CAREGIVER_STAFF: 'common.role.caregiverStaff',
} as const;

export const PLAN_KEYS = {
  FREE_PLAN: 'common.plan.free',
  ESSENTIAL_PLAN: 'common.plan.essential',
  PREMIUM_PLAN: 'common.plan.premium',
} as const;

export const TIME_ZONE_KEYS = {
  ET: 'common.timeZone.et',
  CT: 'common.timeZone.ct',
  MT: 'common.timeZone.mt',
  PT: 'common.timeZone.pt',
  AKT: 'common.timeZone.akt',
  HAT: 'common.timeZone.hat',
} as const;

function lookup<M extends Record<string, string>>(map: M, code: string | undefined): M[keyof M] | undefined {
  return code !== undefined && Object.hasOwn(map, code) ? map[code as keyof M] : undefined;
}

export function roleLabel(t: TFunction, role: string): string {
  const key = lookup(ROLE_KEYS, role);
  return key ? t(key) : role;
}

export function planLabel(t: TFunction, plan: string | undefined): string {
  if (!plan) return t('common.plan.none');
  const key = lookup(PLAN_KEYS, plan);
  return key ? t(key) : plan;
}

export function timeZoneLabel(t: TFunction, zone: string | undefined): string {
  if (!zone) return t('common.timeZone.none');
  const key = lookup(TIME_ZONE_KEYS, zone);
  return key ? t(key) : zone;
}

export type MenuKey = `menu.${keyof typeof enUS.menu}`;

/** The menu name key the server sent ("menu.dashboard"), when the UI knows it. */
export function menuKey(menuName: string): MenuKey | undefined {
  const name = menuName.startsWith('menu.') ? menuName.slice(5) : '';
  return name !== '' && Object.hasOwn(enUS.menu, name) ? (`menu.${name}` as MenuKey) : undefined;
}

/** A menu entry's name in the current language; an unknown key falls back to the menu code. */
export function menuLabel(t: TFunction, item: Pick<MenuItem, 'menuName' | 'menuCode'>): string {
  const key = menuKey(item.menuName);
  return key ? t(key) : item.menuCode || item.menuName;
}
