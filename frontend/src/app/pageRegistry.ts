import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from './lazyPage';

/**
 * The pages the UI has, by menu URL. A page of one feature lives in that feature; a page that combines
 * features (staff management, staff detail, your status, the resident profile with its care plan tabs)
 * lives in ./pages. A menu entry whose URL is not here stays out of the sidebar and its route answers /404
 * until a later issue adds the page.
 */
export const PAGE_REGISTRY: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  '/dashboard': lazyPage(() => import('@/features/dashboard/pages/FacilityDashboardPage'), ['residents', 'dashboard']),
  '/admin-dashboard': lazyPage(() => import('@/features/dashboard/pages/PlatformDashboardPage'), ['dashboard']),
  '/admin-jobs': lazyPage(() => import('@/features/platform-jobs/pages/FailedJobsPage'), ['platform-jobs']),
  '/support-ticket-manage': lazyPage(() => import('@/features/tickets/pages/SupportTicketPage')),
  '/staff-management': lazyPage(() => import('./pages/StaffManagementPage'), ['staff', 'attendance', 'requests', 'desktop']),
  '/your-status': lazyPage(() => import('./pages/YourStatusPage'), ['attendance', 'requests', 'staff', 'shifts', 'facility-docs']),
  '/resident-management': lazyPage(() => import('@/features/residents/pages/ResidentListPage'), ['residents']),
  '/resident': lazyPage(() => import('@/features/residents/pages/ResidentListPage'), ['residents']),
  '/task-creation-rule': lazyPage(() => import('@/features/taskrules/pages/TaskCreationRulePage'), ['taskrules']),
  '/task': lazyPage(() => import('@/features/tasks/pages/TaskPage'), ['tasks']),
  '/calendar': lazyPage(() => import('@/features/tasks/pages/CalendarPage'), ['tasks']),
  '/emars': lazyPage(() => import('@/features/emars/pages/EmarPage'), ['emars']),
  '/shift-management': lazyPage(() => import('@/features/shifts/pages/ShiftManagementPage'), ['shifts']),
  '/shift-report': lazyPage(() => import('@/features/shifts/pages/ShiftReportPage'), ['shifts']),
  '/ai-config': lazyPage(() => import('@/features/ai/pages/AiConfigPage'), ['ai']),
  '/incident-management': lazyPage(() => import('@/features/incidents/pages/IncidentManagementPage'), ['incidents']),
  '/inspection-status': lazyPage(() => import('./pages/InspectionStatusPage'), ['facility-docs', 'inspector']),
  '/incident': lazyPage(() => import('@/features/incidents/pages/CaregiverIncidentPage'), ['incidents']),
  '/message': lazyPage(() => import('@/features/chat/pages/MessagePage'), ['chat']),
  '/params-setting': lazyPage(() => import('@/features/platform-params/pages/ParamsPage'), ['platform-params']),
  '/facility-doc-requirements': lazyPage(() => import('@/features/platform-doc-requirements/pages/DocRequirementsPage'), [
    'platform-doc-requirements',
  ]),
  '/IAM/audit-logs': lazyPage(() => import('@/features/platform-audit/pages/AuditLogPage'), ['platform-audit']),
  '/IAM/menu': lazyPage(() => import('@/features/platform-menus/pages/MenuPage'), ['platform-menus']),
  '/IAM/role': lazyPage(() => import('@/features/platform-menus/pages/RolePage'), ['platform-menus']),
  '/function-api-management': lazyPage(() => import('@/features/platform-functions/pages/FunctionApiPage'), ['platform-functions']),
  '/function-permission-management': lazyPage(() => import('@/features/platform-functions/pages/FunctionPermissionPage'), ['platform-functions']),
  '/service-package-management': lazyPage(() => import('@/features/platform-packages/pages/ServicePackagePage'), ['platform-packages']),
  '/my-subscription': lazyPage(() => import('@/features/billing/pages/MySubscriptionPage'), ['billing']),
  '/payment-method': lazyPage(() => import('@/features/billing/pages/PaymentMethodPage'), ['billing']),
  '/charge-records-management': lazyPage(() => import('@/features/billing/pages/ChargeRecordsPage'), ['billing']),
  '/promotional-code-management': lazyPage(() => import('@/features/billing/pages/PromotionCodePage'), ['billing']),
  '/subscription-plan-management': lazyPage(() => import('@/features/billing/pages/SubscriptionPlanPage'), ['billing']),
  '/IAM/organization': lazyPage(() => import('@/features/platform/pages/OrganizationPage'), ['platform']),
  '/IAM/tenant': lazyPage(() => import('@/features/platform/pages/TenantPage'), ['platform']),
  '/IAM/user': lazyPage(() => import('@/features/platform/pages/UserPage'), ['platform']),
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
    // The settings popover's "Facility settings" (owners; others read the details).
    path: '/facility-settings',
    parent: '/dashboard',
    titleKey: 'facility.title',
    page: lazyPage(() => import('./pages/FacilitySettingsPage'), ['tasks']),
  },
  {
    path: '/staff-management/add',
    parent: '/staff-management',
    titleKey: 'staff.add.title',
    page: lazyPage(() => import('@/features/staff/pages/AddStaffPage'), ['staff']),
  },
  {
    path: '/staff-management/detail/:id',
    parent: '/staff-management',
    titleKey: 'staff.detail.title',
    page: lazyPage(() => import('./pages/StaffDetailPage'), ['staff', 'attendance', 'requests', 'shifts']),
  },
  {
    path: '/resident-management/detail',
    parent: '/resident-management',
    titleKey: 'residents.detail.title',
    page: lazyPage(() => import('./pages/ResidentProfilePage'), ['residents', 'tasks', 'medications', 'carerecord', 'incidents']),
  },
  {
    // The move-in wizard; without a step it resumes the move-in of ?residentId= where it stopped.
    path: '/resident-management/move-in',
    parent: '/resident-management',
    titleKey: 'movein.title',
    page: lazyPage(() => import('@/features/movein/pages/MoveInPage'), ['movein', 'residents']),
  },
  {
    path: '/resident-management/move-in/:step',
    parent: '/resident-management',
    titleKey: 'movein.title',
    page: lazyPage(() => import('@/features/movein/pages/MoveInPage'), ['movein', 'residents']),
  },
  {
    // Smart setup: residents moved in from the papers the home has (spec 000 §2 batch-upload/{step}); the review
    // of one resident is the move-in wizard, prefilled.
    path: '/resident-management/batch-upload/:step',
    parent: '/resident-management',
    titleKey: 'smartsetup.title',
    page: lazyPage(() => import('./pages/SmartSetupMoveInPage'), ['smartsetup', 'movein', 'residents']),
  },
  {
    // A resident's medication disposals (spec 000 §2), under the eMAR (plan function Emars).
    path: '/resident/medication-disposal/:residentId',
    parent: '/emars',
    titleKey: 'disposal.page.title',
    page: lazyPage(() => import('@/features/disposal/pages/MedicationDisposalPage'), ['disposal']),
  },
  {
    // The end-of-shift "Write notes" screen: one card per resident, saved together (caregivers; owners and admins too).
    path: '/resident/write-notes',
    parent: '/resident',
    titleKey: 'carerecord.write.title',
    page: lazyPage(() => import('@/features/carerecord/pages/WriteNotesPage'), ['carerecord']),
  },
  {
    path: '/resident-management/write-notes',
    parent: '/resident-management',
    titleKey: 'carerecord.write.title',
    page: lazyPage(() => import('@/features/carerecord/pages/WriteNotesPage'), ['carerecord']),
  },
  {
    path: '/resident/detail',
    parent: '/resident',
    titleKey: 'residents.detail.title',
    page: lazyPage(() => import('./pages/ResidentProfilePage'), ['residents', 'tasks', 'medications', 'carerecord', 'incidents']),
  },
  {
    // A resident's orders, passes logged and order changes (spec 000 §2), under the eMAR (plan function Emars).
    path: '/emars/med-schedule/:residentId',
    parent: '/emars',
    titleKey: 'medications.schedule.title',
    page: lazyPage(() => import('@/features/medications/pages/MedSchedulePage'), ['medications']),
  },
  {
    path: '/emars/med-log/:residentId',
    parent: '/emars',
    titleKey: 'medications.log.title',
    page: lazyPage(() => import('@/features/medications/pages/MedLogPage'), ['medications']),
  },
  {
    path: '/emars/med-history/:residentId',
    parent: '/emars',
    titleKey: 'medications.history.title',
    page: lazyPage(() => import('@/features/medications/pages/MedHistoryPage'), ['medications']),
  },
  {
    // One shift type's week: caregivers per day, coverage gaps, publish (spec 000 §2).
    path: '/shift-management/shift-scheduling/:shiftTypeId',
    parent: '/shift-management',
    titleKey: 'shifts.schedule.crumb',
    page: lazyPage(() => import('@/features/shifts/pages/ShiftSchedulingPage'), ['shifts']),
  },
];
