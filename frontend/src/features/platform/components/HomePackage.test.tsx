import { describe, expect, it } from 'vitest';
import type { ServicePackage, TenantRow } from '@/types/api.gen';
import { RoleSuperAdmin } from '@/types/api.gen';
import { fakeServer, renderScreen, screen, within } from '@/test/render';
import TenantPage from '../pages/TenantPage';

const superAdmin = { roles: [RoleSuperAdmin] };

const birch: TenantRow = {
  tenantId: 't-birch', organisationId: 'o-2', facilityName: 'Birch Cottage AFH', businessLicense: '410987', zipCode: '83702',
  address: '5 Birch Court, Boise, ID 83702', timeZone: 'MT', ownerName: 'Daniel Okafor', ownerEmail: 'owner@birch.example',
  phone: '2085550166', introduction: '', status: 'approved', state: 'ENABLED', plan: 'FREE_PLAN', packageId: 'BASE_PACKAGE', refuseReason: '',
  people: 2, createTime: Date.UTC(2026, 0, 5), updateTime: Date.UTC(2026, 5, 14),
};

const pkg = (id: string, name: string, role: string, status = 'ENABLED'): ServicePackage => ({
  id, name, role, priceCents: 0, validityPeriod: 0, validityUnit: 'month', currency: 'USD', description: '', status,
  limits: { maxResidents: 0, maxCaregivers: 0, maxIncidentReports: 0, maxShiftReports: 0, extraResidentQuantity: 0, maxUploadFiles: 0, maxFileMb: 0, maxTotalFileMb: 0 },
  homes: 0, updateTime: 0,
});

describe("a home's service package", () => {
  it('offers the enabled packages and puts the home on the one chosen; its plan follows', async () => {
    const server = fakeServer()
      .on('POST', '/system/tenant/listTenantsByPage', { records: [birch], total: 1, current: 1, size: 20 })
      .on('GET', '/system/servicePackage/list', [
        pkg('BASE_PACKAGE', 'Free', 'FREE_PLAN'),
        pkg('ESSENTIAL_PACKAGE', 'Essential', 'ESSENTIAL_PLAN'),
        pkg('OLD', 'Old offer', 'PREMIUM_PLAN', 'DISABLED'),
      ])
      .on('POST', '/system/servicePackage/assign', null);
    const { user } = await renderScreen(<TenantPage />, { route: '/IAM/tenant', user: superAdmin, strings: ['platform'] });
    await user.click(await screen.findByTestId('tenant-open'));
    const dialog = await screen.findByRole('dialog', { name: 'Birch Cottage AFH' });
    const select = await within(dialog).findByLabelText('Service package');
    await within(dialog).findByRole('option', { name: 'Essential' });
    expect(within(select).queryByRole('option', { name: 'Old offer' })).toBeNull();
    const assign = within(dialog).getByRole('button', { name: 'Put on this package' });
    expect(assign.hasAttribute('disabled')).toBe(true); // already on it
    await user.selectOptions(select, 'ESSENTIAL_PACKAGE');
    await user.click(assign);
    await screen.findByText('The home is on its new package');
    expect(server.lastBody('/system/servicePackage/assign')).toEqual({ tenantId: 't-birch', packageId: 'ESSENTIAL_PACKAGE' });
    expect(within(dialog).getByText('Essential', { selector: 'dd' })).toBeTruthy(); // the plan row of the details
  });
});
