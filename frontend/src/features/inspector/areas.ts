import type { InspectorArea } from '@/types/api.gen';

/** The areas a link may share, in the pages' order (shared.InspectorAreas). */
export const INSPECTOR_AREAS: readonly InspectorArea[] = ['RESIDENTS', 'MARS', 'NOTES', 'INCIDENTS', 'STAFF', 'FACILITY_DOCS'];

type AreaName = 'RESIDENTS' | 'MARS' | 'NOTES' | 'INCIDENTS' | 'STAFF' | 'FACILITY_DOCS';
type StatusName = 'ACTIVE' | 'EXPIRED' | 'REVOKED';

/** The i18n key of an area's name. */
export const areaKey = (a: InspectorArea) => `inspector.area.${a as AreaName}` as const;

/** The i18n key of a link status. */
export const statusKey = (s: string) => `inspector.links.status.${s as StatusName}` as const;
