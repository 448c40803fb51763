import type { ClearColourQuery, MedPass } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** GET /api/care/medication/clearColourByStatusId: owners and admins acknowledge a red item with a note (audited). */
export function clearColour(q: ClearColourQuery): Promise<MedPass> {
  return api.get<MedPass>('/care/medication/clearColourByStatusId', { query: { statusId: q.statusId, note: q.note }, handles: ['4022'] });
}
