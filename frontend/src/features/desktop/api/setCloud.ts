import { CodeCloudUnreachable, type DesktopStatus, type SetCloudRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/desktop/cloud: the shell checks that <url>/healthz answers (4130 when not) and keeps the URL. */
export function setCloud(req: SetCloudRequest): Promise<DesktopStatus> {
  return api.post<DesktopStatus>('/desktop/cloud', req, { noAuth: true, ignoreAuth: true, handles: [CodeCloudUnreachable, '4022'] });
}
