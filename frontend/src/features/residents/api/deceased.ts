import type { DeceasedQuery, Resident } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** GET /api/care/resident/deceased: final, cannot be undone; the name is retyped to confirm. */
export function deceased(query: DeceasedQuery): Promise<Resident | null> {
  return api.get<Resident | null>('/care/resident/deceased', { query: { ...query }, handles: ['4022'] });
}
