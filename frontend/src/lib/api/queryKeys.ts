/**
 * Query keys that more than one feature invalidates. A feature's own keys stay in its api/keys.ts; a key
 * lives here when a write in one feature changes what another shows (the sidebar counters).
 */
export const sidebarCountsKey = ['care', 'resident', 'sidebarReminderCount'] as const;
