import { describe, expect, it } from 'vitest';
import type { BillingOrder, ChargeRecord } from '@/types/api.gen';
import { RoleSuperAdmin } from '@/types/api.gen';
import { fakeServer, renderScreen, screen, within } from '@/test/render';
import ChargeRecordsPage from './ChargeRecordsPage';

const superAdmin = { roles: [RoleSuperAdmin] };
const paid: BillingOrder = {
  id: 'o1', orderNo: 'H202611010001', tenantId: 't1', facilityName: 'Birch Cottage AFH', planId: 'p1', packageId: 'ESSENTIAL_PACKAGE',
  packageName: 'Essential', businessType: 'NEW', status: 'PAID', paymentType: 'MANUAL', paymentMethod: 'manual', quantity: 1, extraResidents: 0,
  subtotalCents: 4900, creditCents: 0, discountCents: 0, totalAmount: 4900, currency: 'USD', promotionCode: '', creator: 'Dana Birch',
  createTime: Date.UTC(2026, 10, 1), paymentTime: Date.UTC(2026, 10, 2), refundedAmount: 0, refundAmount: 0, refundReason: '',
};
const refunding: BillingOrder = { ...paid, id: 'o2', orderNo: 'H202611010002', status: 'REFUNDING', paymentType: 'CARD', refundAmount: 1500 };
const charge: ChargeRecord = {
  id: 'c1', tenantId: 't1', facilityName: 'Birch Cottage AFH', orderId: 'o1', orderNo: 'H202611010001', subscriptionPlanId: 'p1', amount: 4900,
  currency: 'USD', status: 'PAID', cardType: 'manual', paymentMethodId: '', remark: 'Cheque 7', creator: 'Hearth', paymentTime: Date.UTC(2026, 10, 2),
  orderStatus: 'PAID', orderTotalAmount: 4900,
};
const page = <T,>(records: T[]) => ({ records, total: records.length, current: 1, size: 20 });

function server() {
  return fakeServer()
    .on('GET', '/system/billing/admin/mode', 'manual')
    .on('POST', '/system/billing/admin/orderPage', page([paid, refunding]))
    .on('POST', '/system/billing/admin/chargePage', page([charge, { ...charge, id: 'c2', orderId: 'o2', orderNo: 'H202611010002', orderStatus: 'REFUNDING' }]));
}

describe('/charge-records-management refunds', () => {
  it('opens on the whole total, warns that a full refund ends the period, and refuses more than the order cost', async () => {
    server();
    const { user } = await renderScreen(<ChargeRecordsPage />, { route: '/charge-records-management', user: superAdmin, strings: ['billing'] });
    const rows = await screen.findAllByTestId('billing-admin-order-row');
    // Only the PAID order offers a refund; the one Stripe is refunding says how much is pending.
    expect(within(rows[1]).queryByRole('button', { name: /Refund/ })).toBeNull();
    expect(within(rows[1]).getByTestId('billing-order-refund').textContent).toMatch(/\$15\.00 refund pending/);
    await user.click(within(rows[0]).getByRole('button', { name: 'Refund H202611010001' }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText('Amount to refund (USD)');
    expect((amount as HTMLInputElement).value).toBe('49.00');
    expect(within(dialog).getByTestId('billing-refund-effect').textContent).toMatch(/ends that period/);
    expect(within(dialog).getByRole('button', { name: 'Refund $49.00' }).hasAttribute('disabled')).toBe(true); // no reason yet
    await user.clear(amount);
    await user.click(amount);
    await user.paste('60');
    expect(within(dialog).getByText('Enter an amount from $0.01 to $49.00.')).toBeTruthy();
  }, 30_000); // the first render of the page loads Blueprint's table and dialog

  it('refunds part of a paid order with a reason, saying first that the plan stays', async () => {
    const api = server().on('POST', '/system/billing/admin/refund', { ...paid, status: 'REFUNDED', refundAmount: 1000, refundedAmount: 1000 });
    const { user } = await renderScreen(<ChargeRecordsPage />, { route: '/charge-records-management', user: superAdmin, strings: ['billing'] });
    const rows = await screen.findAllByTestId('billing-admin-order-row');
    await user.click(within(rows[0]).getByRole('button', { name: 'Refund H202611010001' }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText('Amount to refund (USD)');
    await user.clear(amount);
    await user.click(amount);
    await user.paste('10');
    await user.click(within(dialog).getByLabelText('Reason'));
    await user.paste(' Wing closed for two weeks ');
    expect(within(dialog).getByTestId('billing-refund-effect').textContent).toMatch(/leaves the home's plan as it is/);
    await user.click(within(dialog).getByRole('button', { name: 'Refund $10.00' }));
    expect(api.lastBody('/system/billing/admin/refund')).toEqual({ orderId: 'o1', amountCents: 1000, reason: 'Wing closed for two weeks' });
    expect(await screen.findByText('Refund recorded')).toBeTruthy();
  });

  it('offers the refund on a paid charge record of a paid order only', async () => {
    server();
    const { user } = await renderScreen(<ChargeRecordsPage />, { route: '/charge-records-management', user: superAdmin, strings: ['billing'] });
    await user.click(await screen.findByRole('tab', { name: 'Charge records' }));
    const rows = await screen.findAllByTestId('billing-admin-charge-row');
    expect(within(rows[1]).queryByRole('button', { name: /Refund/ })).toBeNull();
    await user.click(within(rows[0]).getByRole('button', { name: 'Refund H202611010001' }));
    expect(await screen.findByRole('dialog', { name: 'Refund order H202611010001' })).toBeTruthy();
  });
});
