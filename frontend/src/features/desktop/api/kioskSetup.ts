import type { DesktopStatus, KioskLeaveRequest, KioskSetupRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/**
 * POST /api/desktop/kiosk/setup: the shell checks the credential against the cloud, keeps it on this computer
 * only and turns into the kiosk. ignoreAuth: a refused credential (4001) must not end the owner's sign-in.
 */
export function setUpKiosk(req: KioskSetupRequest): Promise<DesktopStatus> {
  return api.post<DesktopStatus>('/desktop/kiosk/setup', req, { noAuth: true, ignoreAuth: true, handles: 'all' });
}

/** POST /api/desktop/kiosk/leave with the owner's exit PIN (4133 with attemptsLeft when wrong). */
export function leaveKiosk(req: KioskLeaveRequest): Promise<DesktopStatus> {
  return api.post<DesktopStatus>('/desktop/kiosk/leave', req, { noAuth: true, ignoreAuth: true, handles: 'all' });
}
