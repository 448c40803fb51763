// The /ai-config usage log's rows as the super admin reads them.
import type { AIUsage } from '@/types/api.gen';

/** The facility column: the facility's name (its id only if the facility is gone), or `platform` for the platform's own calls. */
export function usageFacility(u: Pick<AIUsage, 'tenantId' | 'facilityName'>, platform: string): string {
  if (!u.tenantId) return platform;
  return u.facilityName || u.tenantId;
}
