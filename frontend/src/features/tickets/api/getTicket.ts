import type { Ticket, TicketIDQuery } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** GET /api/system/customerServiceTicket/getTicket: the ticket with replies and files; marks its replies read. */
export function getTicket(query: TicketIDQuery): Promise<Ticket> {
  return api.get<Ticket>('/system/customerServiceTicket/getTicket', { query: { ...query } });
}
