import { useQuery } from '@tanstack/react-query';
import type { ContactFilter, Page, PageRequest, ResidentContact } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { contactsKey } from './keys';

/** A resident has a handful of contacts: the tab asks for one page of up to 100 and groups them itself. */
export const CONTACTS_PAGE_SIZE = 100;

/** POST /api/care/residentContact/listContactByPage. */
export function listContactByPage(req: PageRequest<ContactFilter>, signal?: AbortSignal): Promise<Page<ResidentContact>> {
  return api
    .post<Page<ResidentContact> | null>('/care/residentContact/listContactByPage', req, { signal })
    .then((page) => page ?? { records: [], total: 0, current: req.current, size: req.size });
}

export function useContacts(residentId: string) {
  const req = { current: 1, size: CONTACTS_PAGE_SIZE, data: { residentId } };
  return useQuery({
    queryKey: [...contactsKey, 'list', residentId],
    queryFn: ({ signal }) => listContactByPage(req, signal),
  });
}
