import type { DesktopOutboxEntry } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** GET /api/desktop/outbox: this computer's kiosk punches that wait, were refused, or went in the last 7 days. */
export function getDesktopOutbox(signal?: AbortSignal): Promise<DesktopOutboxEntry[]> {
  return api.get<DesktopOutboxEntry[]>('/desktop/outbox', { noAuth: true, ignoreAuth: true, quiet: true, signal });
}
