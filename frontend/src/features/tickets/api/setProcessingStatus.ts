import type { Ticket, TicketIDQuery } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/**
 * GET /api/system/customerServiceTicket/setProcessingStatus: opening a SUBMITTED ticket makes it PROCESSING
 * (spec 000 §4). The detail shows its own status error when this fails, and does not open.
 */
export function setProcessingStatus(query: TicketIDQuery): Promise<Ticket> {
  return api.get<Ticket>('/system/customerServiceTicket/setProcessingStatus', { query: { ...query }, handles: 'all' });
}
