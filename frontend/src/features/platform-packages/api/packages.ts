import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { PackageLimits, ServicePackage } from '@/types/api.gen';

export type { PackageLimits, ServicePackage };

export const PACKAGE_ROLES = ['FREE_PLAN', 'ESSENTIAL_PLAN', 'PREMIUM_PLAN'] as const;
export const VALIDITY_UNITS = ['day', 'month', 'year'] as const;
/** The limits in the order the limits tab shows them (spec 000 §3 "Global limits"). */
export const LIMIT_KEYS = [
  'maxResidents',
  'maxCaregivers',
  'maxIncidentReports',
  'maxShiftReports',
  'extraResidentQuantity',
  'maxUploadFiles',
  'maxFileMb',
  'maxTotalFileMb',
] as const satisfies readonly (keyof PackageLimits)[];

export const packagesKey = ['system', 'servicePackages'] as const;

/** GET /api/system/servicePackage/list (super admin): every package, the cheapest first. */
export function useServicePackages() {
  return useQuery({
    queryKey: packagesKey,
    queryFn: () => api.get<ServicePackage[] | null>('/system/servicePackage/list').then((p) => p ?? []),
  });
}

/** POST /api/system/servicePackage/save: a new package (no id) or an edit; 4022 names the field. */
export function saveServicePackage(p: ServicePackage): Promise<ServicePackage> {
  return api.post<ServicePackage>('/system/servicePackage/save', p, { handles: ['4022'] });
}

/** A new package's starting values: free, permanent, everything unlimited. */
export function blankPackage(): ServicePackage {
  return {
    id: '',
    name: '',
    role: 'FREE_PLAN',
    priceCents: 0,
    validityPeriod: 0,
    validityUnit: 'month',
    currency: 'USD',
    description: '',
    status: 'ENABLED',
    limits: {
      maxResidents: 0,
      maxCaregivers: 0,
      maxIncidentReports: 0,
      maxShiftReports: 0,
      extraResidentQuantity: 0,
      maxUploadFiles: 0,
      maxFileMb: 0,
      maxTotalFileMb: 0,
    },
    homes: 0,
    updateTime: 0,
  };
}
