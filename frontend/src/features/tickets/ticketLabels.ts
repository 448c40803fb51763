// Static key maps for the ticket codes the server sends, so the locale check sees every key.
import type { TFunction } from 'i18next';
import type { TicketStatus, TicketType } from '@/types/api.gen';

/** Types in the order the selects list them (spec 000 §3 "Support ticket"). */
export const TICKET_TYPE_KEYS = {
  CUSTOMER_SUPPORT: 'tickets.type.customerSupport',
  ISSUES: 'tickets.type.issues',
  BUG: 'tickets.type.bug',
  SUGGESTION: 'tickets.type.suggestion',
  OTHER: 'tickets.type.other',
} as const;

export const TICKET_STATUS_KEYS = {
  SUBMITTED: 'tickets.status.submitted',
  PROCESSING: 'tickets.status.processing',
  RESOLVED: 'tickets.status.resolved',
} as const;

export const TICKET_TYPES = Object.keys(TICKET_TYPE_KEYS) as TicketType[];
export const TICKET_STATUSES = Object.keys(TICKET_STATUS_KEYS) as TicketStatus[];

export function ticketTypeLabel(t: TFunction, type: string): string {
  return Object.hasOwn(TICKET_TYPE_KEYS, type) ? t(TICKET_TYPE_KEYS[type as keyof typeof TICKET_TYPE_KEYS]) : type;
}

export function ticketStatusLabel(t: TFunction, status: string): string {
  return Object.hasOwn(TICKET_STATUS_KEYS, status) ? t(TICKET_STATUS_KEYS[status as keyof typeof TICKET_STATUS_KEYS]) : status;
}
