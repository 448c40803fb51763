import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The pages the UI has, by menu URL. A page of one feature lives in that feature; a page that combines
 * features (staff management, staff detail, your status) lives in ./pages. A menu entry whose URL is not here stays out of the sidebar and
 * its route answers /404 until a later issue adds the page.
 */
export const PAGE_REGISTRY: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  '/dashboard': lazy(() => import('@/features/dashboard/pages/FacilityDashboardPage')),
  '/admin-dashboard': lazy(() => import('@/features/dashboard/pages/PlatformDashboardPage')),
  '/support-ticket-manage': lazy(() => import('@/features/tickets/pages/SupportTicketPage')),
  '/staff-management': lazy(() => import('./pages/StaffManagementPage')),
  '/your-status': lazy(() => import('./pages/YourStatusPage')),
  '/resident-management': lazy(() => import('@/features/residents/pages/ResidentListPage')),
  '/resident': lazy(() => import('@/features/residents/pages/ResidentListPage')),
};

export function hasPage(menuUrl: string): boolean {
  return Object.hasOwn(PAGE_REGISTRY, menuUrl);
}

/**
 * Pages under a menu page that are not menu entries themselves (spec 000 §2: /resident-management/detail,
 * /staff-management/detail/{id}, ...). One opens when its parent menu page is allowed; `path` is a
 * react-router pattern; `titleKey` names it in the breadcrumb after the parent's trail.
 */
export interface SubPage {
  path: string;
  parent: string;
  titleKey: string;
  page: LazyExoticComponent<ComponentType>;
}

export const SUB_PAGES: readonly SubPage[] = [
  {
    path: '/staff-management/add',
    parent: '/staff-management',
    titleKey: 'staff.add.title',
    page: lazy(() => import('@/features/staff/pages/AddStaffPage')),
  },
  {
    path: '/staff-management/detail/:id',
    parent: '/staff-management',
    titleKey: 'staff.detail.title',
    page: lazy(() => import('./pages/StaffDetailPage')),
  },
  {
    path: '/resident-management/detail',
    parent: '/resident-management',
    titleKey: 'residents.detail.title',
    page: lazy(() => import('@/features/residents/pages/ResidentDetailPage')),
  },
  {
    path: '/resident/detail',
    parent: '/resident',
    titleKey: 'residents.detail.title',
    page: lazy(() => import('@/features/residents/pages/ResidentDetailPage')),
  },
];
