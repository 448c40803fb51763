import type { ResidentContact, SaveContactRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/care/residentContact/save: create, or with contactId edit. */
export function saveContact(req: SaveContactRequest): Promise<ResidentContact | null> {
  return api.post<ResidentContact | null>('/care/residentContact/save', req, { handles: ['4022'] });
}
