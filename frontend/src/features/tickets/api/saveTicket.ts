import type { SaveTicketRequest, Ticket } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/system/customerServiceTicket/saveTicket: create, or with ticketId edit (creator, while SUBMITTED). */
export function saveTicket(req: SaveTicketRequest): Promise<Ticket> {
  return api.post<Ticket>('/system/customerServiceTicket/saveTicket', req, { handles: ['4022'] });
}
