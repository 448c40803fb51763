import { describe, expect, it } from 'vitest';
import { RoleSuperAdmin } from '@/types/api.gen';
import type { PurgeTenantRequest, TenantPurgeDate, TenantRow } from '@/types/api.gen';
import { fakeServer, refuse, renderScreen, screen, within } from '@/test/render';
import TenantPage from '../pages/TenantPage';

const superAdmin = { roles: [RoleSuperAdmin] };
const DAY = Date.UTC(2029, 5, 14); // 14 June 2029, 00:00 UTC: the server's purge date

const deletedHome: TenantRow = {
  tenantId: 't-maple', organisationId: 'o-1', facilityName: 'Maple House AFH', businessLicense: '751200', zipCode: '98501',
  address: '12 Maple Street, Olympia WA', timeZone: 'PT', ownerName: 'Evelyn Green', ownerEmail: 'owner@evergreen.example',
  phone: '3605550100', introduction: '', status: 'approved', state: 'DELETED', plan: 'PREMIUM_PLAN', packageId: 'p', refuseReason: '',
  people: 4, createTime: Date.UTC(2026, 0, 5), updateTime: Date.UTC(2026, 5, 14), deletedAt: Date.UTC(2026, 5, 13, 18),
};

function date(part: Partial<TenantPurgeDate>): TenantPurgeDate {
  return { tenantId: 't-maple', deletedAt: deletedHome.deletedAt, purgeFrom: DAY, allowed: false, residentYears: 3, personnelYears: 2, ...part };
}

async function openDeleted(purgeDate: TenantPurgeDate, row: TenantRow = deletedHome, language: 'en-US' | 'zh-CN' = 'en-US') {
  const server = fakeServer()
    .on('POST', '/system/tenant/listTenantsByPage', { records: [row], total: 1, current: 1, size: 20 })
    .on('GET', '/system/tenant/getPurgeDate', purgeDate);
  const screenOf = await renderScreen(<TenantPage />, { route: '/IAM/tenant?state=DELETED', user: superAdmin, strings: ['platform'], language });
  await screenOf.user.click(await screen.findByTestId('tenant-open'));
  const dialog = await screen.findByRole('dialog', { name: 'Maple House AFH' });
  return { server, dialog, user: screenOf.user };
}

describe('purging a deleted home', () => {
  it('before the date: says until when the records are kept, and the purge is off with its reason', async () => {
    const { server, dialog } = await openDeleted(date({}));
    expect(await within(dialog).findByText('Records kept until June 14, 2029; purge possible from then.')).toBeTruthy();
    const button = within(dialog).getByRole('button', { name: 'Purge permanently' });
    expect(button.getAttribute('disabled')).not.toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Purge permanently', description: /^Not before June 14, 2029: residents' records are kept 3 years/ })).toBe(button);
    expect(server.callsTo('/system/tenant/getPurgeDate')[0].query).toEqual({ tenantId: 't-maple' });
    // Restoring stays possible.
    expect(within(dialog).getByRole('button', { name: 'Restore' })).toBeTruthy();
  });

  it('from the date: the name must be typed exactly, then the home is purged', async () => {
    const { server, dialog, user } = await openDeleted(date({ allowed: true }));
    await user.click(await within(dialog).findByRole('button', { name: 'Purge permanently' }));
    const confirm = await screen.findByRole('dialog', { name: 'Purge Maple House AFH permanently' });
    expect(within(confirm).getByText(/Only its audit log and the platform's billing records/)).toBeTruthy();
    const go = within(confirm).getByRole('button', { name: 'Purge permanently' });
    const name = within(confirm).getByRole('textbox', { name: "Type the home's name, Maple House AFH, to confirm" });
    await user.type(name, 'maple house afh');
    expect(go.getAttribute('disabled')).not.toBeNull();
    expect(within(confirm).getByText('The name does not match yet.')).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(server.callsTo('/system/tenant/purge')).toHaveLength(0);

    server
      .on('POST', '/system/tenant/purge', { tenantId: 't-maple', facilityName: 'Maple House AFH', purgedAt: DAY + 3_600_000, rows: { residents: 6 }, files: 24 })
      .on('POST', '/system/tenant/listTenantsByPage', { records: [{ ...deletedHome, people: 0, purgedAt: DAY + 3_600_000 }], total: 1, current: 1, size: 20 });
    await user.clear(name);
    await user.type(name, 'Maple House AFH');
    await user.click(go);
    expect(await screen.findByText('Home purged permanently')).toBeTruthy();
    expect(server.lastBody<PurgeTenantRequest>('/system/tenant/purge')).toEqual({ tenantId: 't-maple', confirmName: 'Maple House AFH' });
    expect(screen.queryByRole('dialog', { name: 'Purge Maple House AFH permanently' })).toBeNull();
    expect(await within(dialog).findByText('Purged on June 14, 2029: its records and files are gone; its audit log and billing records are kept.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Restore' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Purge permanently' })).toBeNull();
  });

  it('a refusal of the server (the retention moved on since) is shown and the dialog stays', async () => {
    const { server, dialog, user } = await openDeleted(date({ allowed: true }));
    server.on('POST', '/system/tenant/purge', refuse('4009', "This home's records must be kept until 2030-06-14. It can be purged from 2030-06-14."));
    await user.click(await within(dialog).findByRole('button', { name: 'Purge permanently' }));
    const confirm = await screen.findByRole('dialog', { name: 'Purge Maple House AFH permanently' });
    await user.type(within(confirm).getByRole('textbox'), 'Maple House AFH');
    await user.click(within(confirm).getByRole('button', { name: 'Purge permanently' }));
    expect(await screen.findByText(/It can be purged from 2030-06-14/)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Purge Maple House AFH permanently' })).toBeTruthy();
  });

  it('a purged home says when it was purged and offers neither restore nor purge', async () => {
    const { dialog } = await openDeleted(date({ purgeFrom: undefined, purgedAt: DAY }), { ...deletedHome, people: 0, purgedAt: DAY });
    expect(await within(dialog).findByTestId('tenant-purged')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Restore' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Purge permanently' })).toBeNull();
  });

  it('speaks Chinese', async () => {
    const { dialog } = await openDeleted(date({}), deletedHome, 'zh-CN');
    expect(await within(dialog).findByText(/^记录保存至 2029年6月14日/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '彻底清除' }).getAttribute('disabled')).not.toBeNull();
  });
});
