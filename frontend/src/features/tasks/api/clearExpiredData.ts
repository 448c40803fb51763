import type { ClearExpiredQuery, ClearExpiredResult } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** Which of a resident's expired records to clear: one group, or all of them. */
export type ClearScope = 'CARE_PLAN' | 'RECORD' | 'MEDICATION' | 'ALL';

// The four clear calls take the same query and answer; one fetcher names the call by scope.
const PATHS: Record<ClearScope, string> = {
  CARE_PLAN: '/care/resident/clearCarePlanExpiredData',
  RECORD: '/care/resident/clearRecordExpiredData',
  MEDICATION: '/care/resident/clearMedicationExpiredData',
  ALL: '/care/resident/clearAllExpiredTask',
};

/**
 * GET /api/care/resident/clearCarePlanExpiredData, clearRecordExpiredData, clearMedicationExpiredData and
 * clearAllExpiredTask (owners, admins): the records become CLEARED with the reason, audited; nothing is deleted.
 */
export function clearExpiredData(scope: ClearScope, query: ClearExpiredQuery): Promise<ClearExpiredResult> {
  return api.get<ClearExpiredResult>(PATHS[scope], { query: { ...query }, handles: ['4022'] });
}
