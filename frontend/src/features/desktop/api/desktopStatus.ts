import type { DesktopStatus } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/**
 * GET /api/desktop/status, answered by the desktop shell itself (a browser's cloud answers 404). Quiet: a
 * failure means "not in the shell" or "the core is busy", never a message.
 */
export function getDesktopStatus(signal?: AbortSignal): Promise<DesktopStatus> {
  return api.get<DesktopStatus>('/desktop/status', { noAuth: true, ignoreAuth: true, quiet: true, signal, timeoutMs: 10_000 });
}
