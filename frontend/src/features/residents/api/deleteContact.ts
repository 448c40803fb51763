import type { ContactIDQuery } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** GET /api/care/residentContact/delete?contactId=. */
export function deleteContact(query: ContactIDQuery): Promise<null> {
  return api.get<null>('/care/residentContact/delete', { query: { ...query } });
}
