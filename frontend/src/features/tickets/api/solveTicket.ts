import type { Ticket, TicketIDQuery } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** GET /api/system/customerServiceTicket/solved: the super admin resolves a ticket. */
export function solveTicket(query: TicketIDQuery): Promise<Ticket> {
  return api.get<Ticket>('/system/customerServiceTicket/solved', { query: { ...query } });
}
