import type { CaregiverIDQuery, ChangeRoleTypeQuery } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** GET /api/care/caregiver/enabled: reactivates a staff member. */
export function enableCaregiver(query: CaregiverIDQuery): Promise<unknown> {
  return api.get('/care/caregiver/enabled', { query: { ...query } });
}

/** GET /api/care/caregiver/disabled: suspends a staff member; their sessions end at once. */
export function disableCaregiver(query: CaregiverIDQuery): Promise<unknown> {
  return api.get('/care/caregiver/disabled', { query: { ...query } });
}

/** GET /api/care/caregiver/delete: soft delete (the personnel record is kept, DOMAIN.md "records"). */
export function deleteCaregiver(query: CaregiverIDQuery): Promise<unknown> {
  return api.get('/care/caregiver/delete', { query: { ...query } });
}

/** GET /api/care/caregiver/changeRoleType: promote to admin or demote to caregiver (owner only). */
export function changeRoleType(query: ChangeRoleTypeQuery): Promise<unknown> {
  return api.get('/care/caregiver/changeRoleType', { query: { ...query } });
}
