/** Query keys of the ticket calls; every ticket change invalidates ticketsKey (lists and the unread count). */
export const ticketsKey = ['system', 'customerServiceTicket'] as const;

/** spec: "notifications by polling" — the list and the Help badge ask again this often. */
export const TICKET_POLL_MS = 30_000;
