import type { ReplyTicketRequest, Ticket } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/**
 * POST /api/system/customerServiceTicket/reply: the whole chat with the new entry last (spec 001 §7.5); the
 * server appends only that entry, when it is the sender's turn.
 */
export function replyTicket(req: ReplyTicketRequest): Promise<Ticket> {
  return api.post<Ticket>('/system/customerServiceTicket/reply', req, {});
}
