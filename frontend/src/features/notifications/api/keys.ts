/** Query keys of the notification calls; a markRead invalidates notificationsKey (the list and the count). */
export const notificationsKey = ['care', 'notification'] as const;
export const unreadKey = [...notificationsKey, 'unreadCount'] as const;
export const listKey = [...notificationsKey, 'listMine'] as const;

/** The bell asks for the unread count this often (issue 15: a warning 30 minutes ahead leaves room for a minute's delay). */
export const NOTIFICATION_POLL_MS = 60_000;
