import { describe, expect, it } from 'vitest';
import { useQuery } from '@tanstack/react-query';
import { api as client } from '@/lib/api/client';
import type { ServicePackage, Subscription } from '@/types/api.gen';
import { RoleFacilityOwner } from '@/types/api.gen';
import { useSessionStore } from '@/lib/session/store';
import { fakeServer, invalid, renderScreen, screen, within } from '@/test/render';
import MySubscriptionPage from './MySubscriptionPage';

const owner = { roles: [RoleFacilityOwner], plan: 'FREE_PLAN' }; // the plan the token names: the subscription's, unless a test says otherwise
const essentialOwner = { ...owner, plan: 'ESSENTIAL_PLAN' };
const limits = {
  maxResidents: 2,
  maxCaregivers: 0,
  maxIncidentReports: 0,
  maxShiftReports: 0,
  extraResidentQuantity: 0,
  maxUploadFiles: 10,
  maxFileMb: 20,
  maxTotalFileMb: 2048,
};
const free: ServicePackage = {
  id: 'BASE_PACKAGE', name: 'Free', role: 'FREE_PLAN', priceCents: 0, validityPeriod: 0, validityUnit: 'month', currency: 'USD',
  description: '', status: 'ENABLED', limits, homes: 1, updateTime: 0,
};
const essential: ServicePackage = { ...free, id: 'ESSENTIAL_PACKAGE', name: 'Essential', role: 'ESSENTIAL_PLAN', priceCents: 4900, validityPeriod: 1, limits: { ...limits, maxResidents: 8 } };
const sub = (over: Partial<Subscription> = {}): Subscription => ({
  mode: 'manual', planId: '', package: free, status: 'active', priceCents: 0, currency: 'USD', startTime: 0, expireTime: 0, autoRenewal: false,
  extraResidents: 0, residents: 2, nextBillingTime: 0, graceUntil: 0, locked: false, hasCard: false, ...over,
});
const emptyPage = { records: [], total: 0, current: 1, size: 20 };

/** The layout's menu query, as the sidebar holds it (its key starts with ['system', 'menu']). */
function MenuQuery() {
  useQuery({ queryKey: ['system', 'menu', 'tree'], queryFn: () => client.get('/system/menu/listUserMenuTree'), staleTime: Infinity });
  return null;
}

function server(s: Subscription) {
  return fakeServer()
    .on('GET', '/system/subscription/current', s)
    .on('GET', '/system/subscription/packages', [free, essential])
    .on('POST', '/system/billing/invoice/page', emptyPage)
    .on('POST', '/system/billing/order/page', emptyPage);
}

describe('/my-subscription', () => {
  it('says plainly that the home is billed by hand, and shows the cost with the promotion code before ordering', async () => {
    const api = server(sub())
      .on('POST', '/system/subscription/calculate', {
        business: 'NEW', downgrade: false, packageCents: 4900, extraResidents: 0, minExtraResidents: 0, extraCents: 0, subtotalCents: 4900,
        creditCents: 0, discountCents: 490, totalCents: 4410, currency: 'USD', promotionCode: 'WELCOME10', startTime: Date.UTC(2026, 10, 1),
        expireTime: Date.UTC(2026, 11, 1),
      })
      .on('POST', '/system/subscription/checkout', { id: 'o1', orderNo: 'H202611010001', status: 'PENDING_PAYMENT' });
    const { user } = await renderScreen(<MySubscriptionPage />, { route: '/my-subscription', user: owner, strings: ['billing'] });
    expect((await screen.findByTestId('billing-mode')).textContent).toMatch(/billed by hand/);
    expect(screen.getByTestId('billing-package').textContent).toMatch(/Free/);
    await screen.findByRole('option', { name: /Essential/ });
    await user.selectOptions(screen.getByLabelText('Package'), 'ESSENTIAL_PACKAGE');
    await user.type(screen.getByLabelText('Promotion code'), 'welcome10');
    await user.click(screen.getByRole('button', { name: 'Show the cost' }));
    const cost = await screen.findByTestId('billing-cost');
    expect(within(cost).getByText('Promotion code WELCOME10')).toBeTruthy();
    expect(within(cost).getByTestId('billing-total').textContent).toBe('$44.10');
    expect(api.lastBody('/system/subscription/calculate')).toEqual({ packageId: 'ESSENTIAL_PACKAGE', periods: 1, extraResidents: 0, promotionCode: 'WELCOME10' });
    await user.click(within(cost).getByRole('button', { name: 'Place order' }));
    expect(api.lastBody('/system/subscription/checkout')).toMatchObject({ packageId: 'ESSENTIAL_PACKAGE', promotionCode: 'WELCOME10' });
  });

  it('shows a refused code under its field, and the cost goes away when the request changes', async () => {
    server(sub()).on('POST', '/system/subscription/calculate', invalid({ promotionCode: 'This promotion code is not valid now.' }));
    const { user } = await renderScreen(<MySubscriptionPage />, { route: '/my-subscription', user: owner, strings: ['billing'] });
    await screen.findByRole('option', { name: /Essential/ });
    await user.selectOptions(screen.getByLabelText('Package'), 'ESSENTIAL_PACKAGE');
    await user.type(screen.getByLabelText('Promotion code'), 'OLD');
    await user.click(screen.getByRole('button', { name: 'Show the cost' }));
    expect(await screen.findByText('This promotion code is not valid now.')).toBeTruthy();
    expect(screen.queryByTestId('billing-cost')).toBeNull();
  });

  it('warns during the grace period and says what is locked once the plan ran out', async () => {
    server(sub({ mode: 'stripe', planId: 'p1', package: essential, graceUntil: Date.UTC(2026, 11, 8), expireTime: Date.UTC(2026, 11, 1), startTime: Date.UTC(2026, 10, 1) }));
    await renderScreen(<MySubscriptionPage />, { route: '/my-subscription', user: essentialOwner, strings: ['billing'] });
    expect((await screen.findByTestId('billing-grace')).textContent).toMatch(/keeps working until/);
    expect(screen.getByTestId('billing-mode').textContent).toMatch(/Stripe/);
  });

  it('follows a plan paid since sign-in: the token is refreshed, the session names the new plan and the menu is fetched again', async () => {
    const premium = { ...essential, id: 'PREMIUM_PACKAGE', name: 'Premium', role: 'PREMIUM_PLAN' as const };
    const api = server(sub({ planId: 'p2', package: premium }))
      .on('POST', '/system/user/refreshToken', {
        token: 'a.eyJleHAiOjQxMDI0NDQ4MDB9.s', refreshToken: 'r2', refreshTokenExpireTime: 0, subscriptionPlan: 'PREMIUM_PLAN',
      })
      .on('GET', '/system/menu/listUserMenuTree', []);
    await renderScreen(
      <>
        <MySubscriptionPage />
        <MenuQuery />
      </>,
      { route: '/my-subscription', user: owner, strings: ['billing'] },
    );
    expect((await screen.findByTestId('billing-package')).textContent).toMatch(/Premium/);
    await expect.poll(() => useSessionStore.getState().session?.plan).toBe('PREMIUM_PLAN');
    expect(api.callsTo('/system/user/refreshToken')).toHaveLength(1);
    // The menu is fetched again with the new token.
    await expect.poll(() => api.callsTo('/system/menu/listUserMenuTree').length).toBe(2);
  });

  it('leaves the token alone when the plan is the one it names', async () => {
    const api = server(sub());
    await renderScreen(<MySubscriptionPage />, { route: '/my-subscription', user: owner, strings: ['billing'] });
    await screen.findByTestId('billing-package');
    expect(api.callsTo('/system/user/refreshToken')).toHaveLength(0);
  });

  it('a locked home reads that its records stay readable', async () => {
    server(sub({ locked: true, status: 'expired', package: essential }));
    await renderScreen(<MySubscriptionPage />, { route: '/my-subscription', user: essentialOwner, strings: ['billing'] });
    expect((await screen.findByTestId('billing-locked')).textContent).toMatch(/records stay readable/);
  });
});
