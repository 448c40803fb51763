import { describe, expect, it } from 'vitest';
import { RoleSuperAdmin } from '@/types/api.gen';
import { fakeServer, renderScreen, screen } from '@/test/render';
import type { MenuRow } from '../api/menus';
import RolePage, { withRole } from './RolePage';

const superAdmin = { roles: [RoleSuperAdmin] };
const emars: MenuRow = { code: 'Emars', parentCode: '', nameKey: 'menu.emars', url: '/emars', icon: 'pill', sort: 5, roles: ['FACILITY_OWNER', 'CAREGIVER_STAFF'], function: 'Emars' };

describe('/IAM/role', () => {
  it('adds and takes away a role in the menu order, never twice', () => {
    expect(withRole(emars, 'FACILITY_ADMIN', true).roles).toEqual(['FACILITY_OWNER', 'FACILITY_ADMIN', 'CAREGIVER_STAFF']);
    expect(withRole(emars, 'FACILITY_OWNER', true).roles).toEqual(['FACILITY_OWNER', 'CAREGIVER_STAFF']);
    expect(withRole(emars, 'CAREGIVER_STAFF', false).roles).toEqual(['FACILITY_OWNER']);
  });

  it('ticks what each role sees, and a tick saves the entry with that role', async () => {
    const server = fakeServer()
      .on('GET', '/system/menu/listAll', { rows: [emars], pages: ['/emars'], nameKeys: ['menu.emars'] })
      .on('POST', '/system/menu/update', withRole(emars, 'FACILITY_ADMIN', true));
    const { user } = await renderScreen(<RolePage />, { route: '/IAM/role', user: superAdmin, strings: ['platform-menus'] });
    const tick = (await screen.findByTestId('role-Emars-FACILITY_ADMIN')) as HTMLInputElement;
    expect((screen.getByTestId('role-Emars-CAREGIVER_STAFF') as HTMLInputElement).checked).toBe(true);
    expect(tick.checked).toBe(false);
    expect(tick.getAttribute('aria-label')).toMatch(/^Admin sees /);
    await user.click(tick);
    expect(server.lastBody<MenuRow>('/system/menu/update')).toMatchObject({ code: 'Emars', roles: ['FACILITY_OWNER', 'FACILITY_ADMIN', 'CAREGIVER_STAFF'] });
    expect(await screen.findByText('Menu saved')).toBeTruthy();
  });
});
