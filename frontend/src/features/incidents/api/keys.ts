import { sidebarCountsKey } from '@/lib/api/queryKeys';

/** Query keys of incident reports: a write refetches the lists, the report and the sidebar's counts. */
export const incidentsKey = ['care', 'incidentReport'] as const;
export const incidentListKey = [...incidentsKey, 'list'] as const;
export const incidentKey = (id: string) => [...incidentsKey, 'one', id] as const;
/** What any write changes: every incident query and the pending-review badge. */
export const incidentWrites = [incidentsKey, sidebarCountsKey] as const;
