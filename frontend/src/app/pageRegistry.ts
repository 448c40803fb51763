import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The pages the UI has, by menu URL. A menu entry whose URL is not here stays out of the sidebar and
 * its route answers /404 until a later issue adds the page.
 */
export const PAGE_REGISTRY: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  '/dashboard': lazy(() => import('@/features/dashboard/pages/FacilityDashboardPage')),
  '/admin-dashboard': lazy(() => import('@/features/dashboard/pages/PlatformDashboardPage')),
  '/support-ticket-manage': lazy(() => import('@/features/tickets/pages/SupportTicketPage')),
};

export function hasPage(menuUrl: string): boolean {
  return Object.hasOwn(PAGE_REGISTRY, menuUrl);
}
