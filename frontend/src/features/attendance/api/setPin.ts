import type { SetPinRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/care/caregiverClockInRecord/setPin: the signed-in caregiver's kiosk PIN (4–6 digits). */
export function setPin(req: SetPinRequest): Promise<unknown> {
  return api.post('/care/caregiverClockInRecord/setPin', req, { handles: ['4022'] });
}
