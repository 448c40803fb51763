import { describe, expect, it } from 'vitest';
import { RoleSuperAdmin } from '@/types/api.gen';
import type { CreateFacilityAccountRequest } from '@/types/api.gen';
import { fakeServer, invalid, renderScreen, screen, within } from '@/test/render';
import TenantPage from './TenantPage';

const superAdmin = { roles: [RoleSuperAdmin] };
const empty = { records: [], total: 0, current: 1, size: 20 };

describe('/IAM/tenant', () => {
  it('opens with the filter of the link that led here (the platform dashboard’s figures)', async () => {
    const server = fakeServer().on('POST', '/system/tenant/listTenantsByPage', empty);
    await renderScreen(<TenantPage />, { route: '/IAM/tenant?plan=PREMIUM_PLAN&status=submitted&state=bogus', user: superAdmin, strings: ['platform'] });
    await screen.findByTestId('tenant-status-filter');
    await new Promise((r) => setTimeout(r, 0));
    expect(server.lastBody('/system/tenant/listTenantsByPage')).toMatchObject({ data: { plan: 'PREMIUM_PLAN', status: 'submitted' } });
    expect(server.lastBody<{ data: Record<string, unknown> }>('/system/tenant/listTenantsByPage').data.state).toBeUndefined();
    expect((screen.getByTestId('tenant-status-filter') as HTMLSelectElement).value).toBe('submitted');
  });

  it('makes a home and its owner: the sign-up bounds first, then the server’s word under its field, then the home opens', async () => {
    const row = {
      tenantId: 't-new', facilityName: 'Cedar House AFH', ownerName: 'Rosa Diaz', ownerEmail: 'rosa@example.com', phone: '2065550100',
      plan: 'FREE_PLAN', status: 'approved', state: 'ENABLED', people: 1, createTime: Date.now(), businessLicense: 'AFH12345',
      address: '12 Cedar Street, Seattle WA', zipCode: '98101', introduction: '', refuseReason: '',
    };
    const server = fakeServer()
      .on('POST', '/system/tenant/listTenantsByPage', empty)
      .on('POST', '/system/tenant/createFacilityAccount', invalid({ account: 'This account name is taken.' }))
      .on('GET', '/system/servicePackage/list', []); // the opened home's package choice
    const { user } = await renderScreen(<TenantPage />, { route: '/IAM/tenant', user: superAdmin, strings: ['platform'] });
    await user.click(await screen.findByRole('button', { name: 'New home' }));
    const dialog = await screen.findByRole('dialog', { name: 'New home' });

    await user.type(within(dialog).getByRole('textbox', { name: 'Home name' }), 'C');
    await user.click(within(dialog).getByRole('button', { name: 'Create home' }));
    expect(within(dialog).getByRole('textbox', { name: 'Home name', description: 'At least 2 characters.' })).toBeTruthy();
    expect(server.callsTo('/system/tenant/createFacilityAccount')).toHaveLength(0);

    const type = (name: string, text: string) => user.type(within(dialog).getByRole('textbox', { name }), text);
    await type('Home name', 'edar House AFH');
    await type('Licence number', 'AFH12345');
    await type('Zip code', '98101');
    await type('Address', '12 Cedar Street, Seattle WA');
    await type("Owner's name", 'Rosa Diaz');
    await type('Account name', 'rosadiaz');
    await type('E-mail', 'rosa@example.com');
    await type('Phone', '2065550100');
    await user.click(within(dialog).getByRole('button', { name: 'Create home' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Account name', description: 'This account name is taken.' })).toBeTruthy();
    const sent = server.lastBody<CreateFacilityAccountRequest>('/system/tenant/createFacilityAccount');
    expect(sent).toMatchObject({ facilityName: 'Cedar House AFH', businessLicense: 'AFH12345', timeZone: 'PT', account: 'rosadiaz' });
    expect(sent.introduction).toBeUndefined();

    server.on('POST', '/system/tenant/createFacilityAccount', row);
    await user.clear(within(dialog).getByRole('textbox', { name: 'Account name' }));
    await type('Account name', 'rosa_diaz');
    await user.click(within(dialog).getByRole('button', { name: 'Create home' }));
    expect(await screen.findByText('Home created; its owner was e-mailed a link to choose a password')).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: 'Cedar House AFH' })).toBeTruthy();
  });
});
