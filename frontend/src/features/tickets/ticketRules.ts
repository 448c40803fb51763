// The rules of spec 000 §4 "Support ticket", as the page applies them. The server decides the turn
// (Ticket.myTurn) and refuses replies out of turn; these functions decide what the viewer sees.
import type { ChatEntry, ChatRole, Ticket } from '@/types/api.gen';
import { ChatAdmin, ChatUser, TicketResolved, TicketSubmitted } from '@/types/api.gen';
import { serverNow } from '@/lib/time/serverClock';

/** The viewer's side of the chat: the platform answers as admin, a facility user writes as user. */
export function chatSide(superAdmin: boolean): ChatRole {
  return superAdmin ? ChatAdmin : ChatUser;
}

export type IndicatorTone = 'green' | 'red';
export type IndicatorIcon = 'resolved' | 'unread' | 'read';

/**
 * The reply indicator of a list row: green when the ticket is resolved or it is not the viewer's turn,
 * red otherwise; the icon tells resolved, unread (a reply the viewer has not opened) and read apart.
 */
export function replyIndicator(ticket: Pick<Ticket, 'status' | 'myTurn' | 'unread'>): { tone: IndicatorTone; icon: IndicatorIcon } {
  const resolved = ticket.status === TicketResolved;
  return {
    tone: resolved || !ticket.myTurn ? 'green' : 'red',
    icon: resolved ? 'resolved' : ticket.unread ? 'unread' : 'read',
  };
}

export interface ReplyState {
  /** The reply box is hidden: a resolved ticket takes no replies. */
  hidden: boolean;
  /** Reply is enabled: it is the viewer's turn. */
  canReply: boolean;
  /** Whose answer the viewer waits for, when it is not their turn. */
  waitingFor?: 'support' | 'user';
}

/** What the detail's reply area shows (spec 000 §4: turn-taking; no reply once resolved). */
export function replyState(ticket: Pick<Ticket, 'status' | 'myTurn'>, side: ChatRole): ReplyState {
  if (ticket.status === TicketResolved) return { hidden: true, canReply: false };
  if (ticket.myTurn) return { hidden: false, canReply: true };
  return { hidden: false, canReply: false, waitingFor: side === ChatAdmin ? 'user' : 'support' };
}

/** An existing ticket may be edited by its creator while nobody has opened it (SUBMITTED). */
export function canEditTicket(ticket: Pick<Ticket, 'creator' | 'status'>, userId: string | undefined): boolean {
  return userId !== undefined && userId !== '' && ticket.creator === userId && ticket.status === TicketSubmitted;
}

/** The chat the reply call sends: the whole history with the new entry last (spec 001 §7.5). */
export function chatWithReply(chat: readonly ChatEntry[] | null | undefined, side: ChatRole, reply: string, now = serverNow()): ChatEntry[] {
  return [...(chat ?? []), { role: side, reply, createTime: now }];
}

/** How many more files may be attached, and which of the chosen ones fit. */
export function filesThatFit<T>(attached: number, chosen: readonly T[], max: number): { fit: T[]; refused: number } {
  const room = Math.max(0, max - attached);
  return { fit: chosen.slice(0, room), refused: Math.max(0, chosen.length - room) };
}
