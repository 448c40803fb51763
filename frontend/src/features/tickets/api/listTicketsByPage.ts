import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, PageRequest, Ticket, TicketFilter } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { TICKET_POLL_MS, ticketsKey } from './keys';

/** The filters the page sends; the server scopes the list from the token (creator filters are not needed). */
export type TicketListFilter = Pick<TicketFilter, 'title' | 'status' | 'type'>;

/** POST /api/system/customerServiceTicket/listTicketsByPage: newest first; the super admin sees every ticket. */
export function listTicketsByPage(req: PageRequest<TicketListFilter>, signal?: AbortSignal): Promise<Page<Ticket>> {
  return api
    .post<Page<Ticket> | null>('/system/customerServiceTicket/listTicketsByPage', req, { signal })
    .then((page) => page ?? { records: [], total: 0, current: req.current, size: req.size });
}

/** The list, asked again every 30 s so a new reply shows without a reload. */
export function useTicketList(req: PageRequest<TicketListFilter>) {
  return useQuery({
    queryKey: [...ticketsKey, 'list', req],
    queryFn: ({ signal }) => listTicketsByPage(req, signal),
    placeholderData: keepPreviousData,
    refetchInterval: TICKET_POLL_MS,
  });
}
