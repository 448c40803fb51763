import type { TicketIDQuery } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** GET /api/system/customerServiceTicket/creatorDelete: the creator's soft delete (the platform keeps it). */
export function creatorDeleteTicket(query: TicketIDQuery): Promise<null> {
  return api.get<null>('/system/customerServiceTicket/creatorDelete', { query: { ...query } });
}
