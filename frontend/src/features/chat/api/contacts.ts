import { useQuery } from '@tanstack/react-query';
import type { Contact, Page } from '@/types/api.gen';
import { ChatContactsMax } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { contactsKey } from './keys';

/** POST /api/im/contact/page with current 0 and size 1000 (spec 001 §7.11, §9): whom the caller may talk to. */
export function contacts(signal?: AbortSignal): Promise<Contact[]> {
  return api
    .post<Page<Contact> | Contact[] | null>('/im/contact/page', { current: 0, size: ChatContactsMax }, { signal })
    .then((page) => (Array.isArray(page) ? page : (page?.records ?? [])));
}

export function useContacts(enabled = true) {
  return useQuery({ queryKey: contactsKey, queryFn: ({ signal }) => contacts(signal), enabled, staleTime: 5 * 60_000 });
}
