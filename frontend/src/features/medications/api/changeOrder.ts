import type { DiscontinueQuery, Medication, MedicationChangeRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** The order changes other than a save, each recorded in the med history with its prescriber and note. */
export type OrderChange = 'hold' | 'resume' | 'restore';

/** POST /api/care/medication/hold | resume | restore (owners, admins). */
export function changeOrder(kind: OrderChange, req: MedicationChangeRequest): Promise<Medication> {
  return api.post<Medication>(`/care/medication/${kind}`, req, { handles: ['4022'] });
}

/** GET /api/care/medication/discontinue (owners, admins): the order stops at endTime (0 = now). */
export function discontinueOrder(q: DiscontinueQuery): Promise<Medication> {
  const query: Record<string, string | number> = { medicationId: q.medicationId, reason: q.reason };
  if (q.endTime) query.endTime = q.endTime;
  if (q.prescriber) query.prescriber = q.prescriber;
  if (q.changeDate) query.changeDate = q.changeDate;
  if (q.verificationFileId) query.verificationFileId = q.verificationFileId;
  return api.get<Medication>('/care/medication/discontinue', { query, handles: ['4022'] });
}
