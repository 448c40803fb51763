import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, refreshTokens } from '@/lib/api/client';
import { useSessionStore } from '@/lib/session/store';
import type {
  BillingFilter,
  BillingInfo,
  BillingMode,
  BillingOrder,
  ChargeRecord,
  Cost,
  CostRequest,
  Invoice,
  Page,
  PaymentMethod,
  PromotionCode,
  ServicePackage,
  Subscription,
  TenantPlanRequest,
  TenantSubscription,
} from '@/types/api.gen';

export type { TenantSubscription };
export type { BillingInfo, BillingOrder, ChargeRecord, Cost, CostRequest, Invoice, PaymentMethod, PromotionCode, ServicePackage, Subscription };

export const billingKey = ['system', 'billing'] as const;
export const subscriptionKey = [...billingKey, 'subscription'] as const;
export const adminBillingKey = [...billingKey, 'admin'] as const;
export const promotionsKey = [...billingKey, 'promotions'] as const;

const firstPage = (data: BillingFilter = {}) => ({ current: 1, size: 20, data });

/** GET /api/system/subscription/current (owners): the home's plan and whether billing is manual or by Stripe. */
export function useSubscription() {
  return useQuery({ queryKey: subscriptionKey, queryFn: () => api.get<Subscription>('/system/subscription/current') });
}

/** The signed-in user's menu (features/menu's query keys start so); refetched when the plan changes. */
const menuKey = ['system', 'menu'] as const;

/**
 * Follows a plan that changed since this sign-in's token was issued (a payment the super admin recorded, Stripe's
 * webhook, a refund that ended the period): the token names the plan its menus and plan functions follow, so when
 * the home's subscription names another plan than the session's, the token is refreshed (the server issues it
 * with the home's plan now) and the menu is fetched again — the sidebar shows the new plan's menus without
 * signing out.
 */
export function useFollowPlan(plan: string | undefined) {
  const sessionPlan = useSessionStore((s) => s.session?.plan);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!plan || !sessionPlan || plan === sessionPlan) return;
    // The refresh stores the new plan in the session first (this effect's own dependency), so the menu is
    // invalidated whatever became of this effect meanwhile: the layout's menu query is what has to follow.
    void refreshTokens().then((ok) => {
      if (ok) void queryClient.invalidateQueries({ queryKey: menuKey });
    });
  }, [plan, sessionPlan, queryClient]);
}

/** GET /api/system/subscription/packages: the packages an owner can choose, the cheapest first. */
export function usePackages() {
  return useQuery({
    queryKey: [...billingKey, 'packages'],
    queryFn: () => api.get<ServicePackage[] | null>('/system/subscription/packages').then((p) => p ?? []),
  });
}

/** POST /api/system/subscription/calculate: the cost before paying; 4022 names the field it refuses. */
export function calculate(req: CostRequest): Promise<Cost> {
  return api.post<Cost>('/system/subscription/calculate', req, { handles: ['4022'] });
}

/** POST /api/system/subscription/checkout: the order (paid by card, free, or waiting for a payment by hand). */
export function checkout(req: CostRequest): Promise<BillingOrder> {
  return api.post<BillingOrder>('/system/subscription/checkout', req, { handles: ['4022'] });
}

export function setAutoRenewal(autoRenewal: boolean): Promise<null> {
  return api.post<null>('/system/subscription/autoRenewal', { autoRenewal });
}

export function cancelOrder(id: string): Promise<null> {
  return api.post<null>('/system/billing/order/cancel', { id });
}

/** The home's invoices (POST /api/system/billing/invoice/page). */
export function useInvoices() {
  return useQuery({
    queryKey: [...billingKey, 'invoices'],
    queryFn: () => api.post<Page<Invoice>>('/system/billing/invoice/page', firstPage()),
  });
}

/** The home's orders (POST /api/system/billing/order/page). */
export function useOrders() {
  return useQuery({
    queryKey: [...billingKey, 'orders'],
    queryFn: () => api.post<Page<BillingOrder>>('/system/billing/order/page', firstPage()),
  });
}

export function useBillingInfo() {
  return useQuery({ queryKey: [...billingKey, 'info'], queryFn: () => api.get<BillingInfo>('/system/billing/info') });
}

export function saveBillingInfo(info: BillingInfo): Promise<BillingInfo> {
  return api.post<BillingInfo>('/system/billing/info/save', info, { handles: ['4022'] });
}

export function useCards() {
  return useQuery({
    queryKey: [...billingKey, 'cards'],
    queryFn: () => api.get<PaymentMethod[] | null>('/system/paymentMethod/list').then((c) => c ?? []),
  });
}

export function setDefaultCard(id: string): Promise<null> {
  return api.post<null>('/system/paymentMethod/setDefault', { id });
}

export function removeCard(id: string): Promise<null> {
  return api.post<null>('/system/paymentMethod/remove', { id });
}

/** The super admin's orders and charge records of every home. */
export function useAdminOrders(status: string) {
  return useQuery({
    queryKey: [...adminBillingKey, 'orders', status],
    queryFn: () => api.post<Page<BillingOrder>>('/system/billing/admin/orderPage', firstPage(status ? { status } : {})),
  });
}

export function useAdminCharges() {
  return useQuery({
    queryKey: [...adminBillingKey, 'charges'],
    queryFn: () => api.post<Page<ChargeRecord>>('/system/billing/admin/chargePage', firstPage()),
  });
}

export function useBillingMode() {
  return useQuery({ queryKey: [...adminBillingKey, 'mode'], queryFn: () => api.get<BillingMode>('/system/billing/admin/mode') });
}

export function recordPayment(orderId: string, remark: string): Promise<null> {
  return api.post<null>('/system/billing/admin/recordPayment', { orderId, remark }, { handles: ['4022'] });
}

/**
 * POST /api/system/billing/admin/refund (super admin): refunds a PAID order once, in full or in part. Paid by hand: recorded
 * at once (REFUNDED); paid by card: refunded at Stripe, REFUNDING until Stripe's webhook says it is done.
 */
export function refundOrder(orderId: string, amountCents: number, reason: string): Promise<BillingOrder> {
  return api.post<BillingOrder>('/system/billing/admin/refund', { orderId, amountCents, reason }, { handles: ['4022'] });
}

export function usePromotions() {
  return useQuery({
    queryKey: promotionsKey,
    queryFn: () => api.get<PromotionCode[] | null>('/system/promotionCode/list').then((p) => p ?? []),
  });
}

export function savePromotion(p: PromotionCode): Promise<PromotionCode> {
  return api.post<PromotionCode>('/system/promotionCode/save', p, { handles: ['4022'] });
}

/** Cents as dollars in the reader's language. */
export function money(cents: number, lang: string): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** The super admin's view of every home's plan (POST /api/system/subscription/admin/planPage). */
export function useTenantPlans() {
  return useQuery({
    queryKey: [...adminBillingKey, 'plans'],
    queryFn: () => api.post<Page<TenantSubscription>>('/system/subscription/admin/planPage', firstPage()),
  });
}

/** The homes and packages a tenant plan is made for (the super admin's lists, first 100 homes by name). */
export function useTenantPlanChoices() {
  const homes = useQuery({
    queryKey: [...adminBillingKey, 'homes'],
    queryFn: () =>
      api
        .post<Page<{ tenantId: string; facilityName: string }> | null>('/system/tenant/listTenantsByPage', { current: 1, size: 100, data: {} })
        .then((p) => p?.records ?? []),
  });
  const packages = useQuery({
    queryKey: [...adminBillingKey, 'packages'],
    queryFn: () => api.get<ServicePackage[] | null>('/system/servicePackage/list').then((p) => (p ?? []).filter((x) => x.status === 'ENABLED')),
  });
  return { homes, packages };
}

export function createTenantPlan(req: TenantPlanRequest): Promise<BillingOrder> {
  return api.post<BillingOrder>('/system/subscription/admin/tenantPlan', req, { handles: ['4022'] });
}

/** GET /api/system/billing/invoice/pdf: one of the home's invoices as a PDF (every invoice, manual ones included). */
export function invoicePdf(id: string) {
  return api.file('/system/billing/invoice/pdf', { query: { id } });
}
