import { describe, expect, it } from 'vitest';
import { RoleSuperAdmin } from '@/types/api.gen';
import type { MoveHomeRequest, OrganisationDetail, OrganisationRow } from '@/types/api.gen';
import { fakeServer, invalid, renderScreen, screen, within } from '@/test/render';
import OrganizationPage from './OrganizationPage';

const superAdmin = { roles: [RoleSuperAdmin] };
const evergreen: OrganisationRow = { organisationId: 'o-ever', name: 'Evergreen Care', homes: 2, people: 9, createTime: Date.now() };
const north: OrganisationRow = { organisationId: 'o-north', name: 'North Sound Care', homes: 0, people: 0, createTime: Date.now() };
const page = (records: OrganisationRow[]) => ({ records, total: records.length, current: 1, size: 20 });
const detail: OrganisationDetail = {
  ...evergreen,
  homeList: [
    { tenantId: 't-cedar', facilityName: 'Cedar Home AFH', status: 'approved', state: 'ENABLED', plan: 'PREMIUM_PLAN', people: 4 },
    { tenantId: 't-maple', facilityName: 'Maple House AFH', status: 'approved', state: 'ENABLED', plan: 'PREMIUM_PLAN', people: 6 },
  ],
  peopleList: [
    { userId: 'u1', name: 'Ana Ruiz', account: 'caregiver_maple1', role: 'CAREGIVER', tenantId: 't-maple', facilityName: 'Maple House AFH', status: 'enabled' },
  ],
  peopleTotal: 1,
};

describe('/IAM/organization', () => {
  it('lists organisations by name, searches, and creates one: the bound first, then the server’s word under the field', async () => {
    const server = fakeServer()
      .on('POST', '/system/organization/listByPage', page([evergreen, north]))
      .on('POST', '/system/organization/create', invalid({ name: 'Another organization is named North Sound Care already.' }));
    const { user } = await renderScreen(<OrganizationPage />, { route: '/IAM/organization', user: superAdmin, strings: ['platform'] });
    const rows = await screen.findAllByTestId('org-row');
    expect(rows.map((r) => r.dataset.name)).toEqual(['Evergreen Care', 'North Sound Care']);
    expect(within(rows[0]).getByTestId('org-homes').textContent).toBe('2');
    expect(within(rows[0]).getByTestId('org-homes').dataset.label).toBe('Homes');

    await user.type(screen.getByRole('textbox', { name: 'Organization name' }), '  ever ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(server.lastBody('/system/organization/listByPage')).toMatchObject({ current: 1, size: 20, data: { name: 'ever' } });

    await user.click(screen.getByRole('button', { name: 'New organization' }));
    const dialog = await screen.findByRole('dialog', { name: 'New organization' });
    const field = within(dialog).getByRole('textbox', { name: 'Organization name' });
    await user.type(field, 'N');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByRole('textbox', { name: 'Organization name', description: 'At least 2 characters.' })).toBeTruthy();
    expect(server.callsTo('/system/organization/create')).toHaveLength(0);

    await user.type(field, 'orth Sound Care');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByRole('textbox', { name: 'Organization name', description: 'Another organization is named North Sound Care already.' }),
    ).toBeTruthy();
    expect(server.lastBody('/system/organization/create')).toEqual({ name: 'North Sound Care' });

    server.on('POST', '/system/organization/create', { ...north, name: 'North Sound Homes' });
    server.on('GET', '/system/organization/detail', { ...north, name: 'North Sound Homes', homeList: [], peopleList: [], peopleTotal: 0 });
    await user.clear(field);
    await user.type(field, 'North Sound Homes');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Organization created')).toBeTruthy();
    const opened = await screen.findByRole('dialog', { name: 'North Sound Homes' });
    expect(await within(opened).findByText('This organization has no home now.')).toBeTruthy();
  });

  it('opens an organisation with its homes and people, renames it and moves a home to another organisation', async () => {
    const server = fakeServer()
      .on('POST', '/system/organization/listByPage', page([evergreen, north]))
      .on('GET', '/system/organization/detail', detail)
      .on('POST', '/system/organization/rename', { ...evergreen, name: 'Evergreen Homes' })
      .on('POST', '/system/organization/moveHome', { ...north, homes: 1, homeList: [detail.homeList[0]], peopleList: [], peopleTotal: 4 });
    const { user } = await renderScreen(<OrganizationPage />, { route: '/IAM/organization', user: superAdmin, strings: ['platform'] });
    await user.click(await screen.findByRole('button', { name: 'Details of Evergreen Care' }));
    const dialog = await screen.findByRole('dialog', { name: 'Evergreen Care' });
    const homes = await within(dialog).findAllByTestId('org-home');
    expect(homes.map((h) => h.dataset.name)).toEqual(['Cedar Home AFH', 'Maple House AFH']);
    expect(within(dialog).getByText('caregiver_maple1')).toBeTruthy();
    expect(server.callsTo('/system/organization/detail')[0].query).toEqual({ organisationId: 'o-ever' });

    const name = within(dialog).getByRole('textbox', { name: 'Organization name' });
    await user.clear(name);
    await user.type(name, 'Evergreen\u0001');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(within(dialog).getByRole('textbox', { name: 'Organization name', description: 'No line breaks or other control characters.' })).toBeTruthy();
    expect(server.callsTo('/system/organization/rename')).toHaveLength(0);
    await user.clear(name);
    await user.type(name, 'Evergreen Homes ');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Organization renamed')).toBeTruthy();
    expect(server.lastBody('/system/organization/rename')).toEqual({ organisationId: 'o-ever', name: 'Evergreen Homes' });

    await user.click(within(dialog).getByRole('button', { name: 'Move to… (Cedar Home AFH)' }));
    const confirm = within(dialog).getByRole('button', { name: 'Move' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    const target = within(dialog).getByRole('combobox', { name: 'Organization to move to' });
    // The organisation the home is in is not offered.
    await within(dialog).findByRole('option', { name: 'North Sound Care' });
    expect(within(target).queryByRole('option', { name: 'Evergreen Care' })).toBeNull();
    await user.selectOptions(target, 'o-north');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Home moved')).toBeTruthy();
    expect(server.lastBody<MoveHomeRequest>('/system/organization/moveHome')).toEqual({ tenantId: 't-cedar', organisationId: 'o-north' });
  });
  it('deletes an organisation only once it has no home, after confirming', async () => {
    const server = fakeServer()
      .on('POST', '/system/organization/listByPage', page([evergreen, north]))
      .on('GET', '/system/organization/detail', detail)
      .on('POST', '/system/organization/delete', null);
    const { user } = await renderScreen(<OrganizationPage />, { route: '/IAM/organization', user: superAdmin, strings: ['platform'] });
    await user.click(await screen.findByRole('button', { name: 'Details of Evergreen Care' }));
    const withHomes = await screen.findByRole('dialog', { name: 'Evergreen Care' });
    await within(withHomes).findAllByTestId('org-home');
    expect((within(withHomes).getByRole('button', { name: 'Delete organization' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(withHomes).getByText(/can be deleted once it has no home/)).toBeTruthy();
    await user.click(within(withHomes).getAllByRole('button', { name: 'Close' })[0]);

    server.on('GET', '/system/organization/detail', { ...north, homeList: [], peopleList: [], peopleTotal: 0 });
    await user.click(await screen.findByRole('button', { name: 'Details of North Sound Care' }));
    const empty = await screen.findByRole('dialog', { name: 'North Sound Care' });
    await within(empty).findByText('This organization has no home now.');
    await user.click(within(empty).getByRole('button', { name: 'Delete organization' }));
    const alert = await screen.findByRole('alertdialog', { name: /^Delete North Sound Care\?/ });
    expect(within(alert).getByText(/Delete North Sound Care\? It has no home/)).toBeTruthy();
    expect(server.callsTo('/system/organization/delete')).toHaveLength(0);
    await user.click(within(alert).getByRole('button', { name: 'Delete organization' }));
    expect(await screen.findByText('Organization deleted')).toBeTruthy();
    expect(server.lastBody('/system/organization/delete')).toEqual({ organisationId: 'o-north' });
  });
});
