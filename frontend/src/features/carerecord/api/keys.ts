/**
 * Query keys of the resident's record over time. A note written or read refetches the notes and the unread
 * counts (the tab's badge, the sidebar and dashboard figures); readings and care records their own lists.
 */
export const notesKey = ['care', 'progressNote'] as const;
export const unreadKey = [...notesKey, 'unread'] as const;
export const healthKey = ['care', 'healthMonitor'] as const;
export const careKey = ['care', 'careMonitor'] as const;
/** The facility's residents (the end-of-shift cards); under the residents' prefix, so a move-out refetches it. */
export const residentsKey = ['care', 'resident', 'list', 'carerecord'] as const;
