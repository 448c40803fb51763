import { describe, expect, it } from 'vitest';
import type { DashboardCard } from '@/types/api.gen';
import { RoleFacilityOwner } from '@/types/api.gen';
import { fakeServer, findSection, refuse, renderScreen, screen, within } from '@/test/render';
import FacilityDashboardPage from './FacilityDashboardPage';

const cards: DashboardCard[] = [
  {
    key: 'todayTasks',
    link: '/task',
    items: [
      { key: 'tasksDone', count: 7, tone: '' },
      { key: 'tasksOverdue', count: 2, tone: 'DANGER', names: ['Ruth Baker', 'Tom Ito'], link: '/task?tab=expired' },
    ],
  },
  // 7:02 AM in the facility's zone (Pacific) on November 24, 2026.
  { key: 'myStatus', link: '/your-status', items: [{ key: 'clockedIn', count: 0, status: true, time: Date.UTC(2026, 10, 24, 15, 2), tone: '' }] },
  // A card a newer server registered before this UI has its words: left out, not shown as a key.
  { key: 'somethingNew', link: '/x', items: [{ key: 'newLine', count: 1, tone: '' }] },
];

const owner = { roles: [RoleFacilityOwner] };
const oneHome = [{ tenantId: 't-maple', facilityName: 'Maple House AFH', role: RoleFacilityOwner, current: true }];

describe('/dashboard', () => {
  it('shows each card with its lines and a link to where the person acts', async () => {
    fakeServer().on('GET', '/system/dashboard/listCards', cards).on('GET', '/system/user/listMyFacilities', oneHome);
    const { user, location } = await renderScreen(<FacilityDashboardPage />, { route: '/dashboard', user: owner, strings: ['residents'] });

    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    const tasks = await findSection("Today's tasks");
    expect(within(tasks).getByText('Done').closest('li')?.textContent).toBe('Done7');
    const overdue = within(tasks).getByText('Overdue, not done').closest('li') as HTMLElement;
    expect(within(overdue).getByText('Ruth Baker, Tom Ito')).toBeTruthy();
    expect(within(overdue).getByText('2')).toBeTruthy();
    // Each number is a link to its list; a line without its own goes to the card's page.
    expect(within(overdue).getByRole('link').getAttribute('href')).toBe('/task?tab=expired');
    expect(within(tasks).getByText('Done').closest('a')?.getAttribute('href')).toBe('/task');
    expect(screen.getByText('Clocked in since 11/24/2026, 7:02 AM')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['My status', "Today's tasks"]);

    await user.click(within(tasks).getByRole('link', { name: 'Open tasks' }));
    expect(location().pathname).toBe('/task');
  });

  it('says nothing needs the person when no card is registered for them', async () => {
    fakeServer().on('GET', '/system/dashboard/listCards', []).on('GET', '/system/user/listMyFacilities', oneHome);
    await renderScreen(<FacilityDashboardPage />, { route: '/dashboard', user: owner, strings: ['residents'] });
    expect(await screen.findByText('Nothing needs your attention right now.')).toBeTruthy();
  });

  it('shows the refusal and no made-up cards when the cards cannot be read', async () => {
    fakeServer().on('GET', '/system/dashboard/listCards', refuse('5000', 'The database is busy')).on('GET', '/system/user/listMyFacilities', oneHome);
    await renderScreen(<FacilityDashboardPage />, { route: '/dashboard', user: owner, strings: ['residents'] });
    expect(await screen.findByText('Operation failed: The database is busy')).toBeTruthy();
    expect(screen.queryByText('Nothing needs your attention right now.')).toBeNull();
    expect(screen.queryAllByRole('heading', { level: 2 })).toHaveLength(0);
  });

  it('reads in Chinese', async () => {
    fakeServer().on('GET', '/system/dashboard/listCards', cards).on('GET', '/system/user/listMyFacilities', oneHome);
    await renderScreen(<FacilityDashboardPage />, { route: '/dashboard', user: owner, strings: ['residents'], language: 'zh-CN' });
    expect(await screen.findByText('2026/11/24 07:02', { exact: false })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).not.toBe('Dashboard');
  });

  it('lets an owner of several homes see all of them, and moves to another home from its card', async () => {
    const cedarCards: DashboardCard[] = [
      { key: 'medPasses', link: '/emars', items: [{ key: 'passesOverdue', count: 3, tone: 'DANGER', link: '/emars?show=overdue' }] },
    ];
    const api = fakeServer()
      .on('GET', '/system/dashboard/listCards', cards)
      .on('GET', '/system/user/listMyFacilities', [
        { tenantId: 't-maple', facilityName: 'Maple House AFH', role: RoleFacilityOwner, current: true },
        { tenantId: 't-cedar', facilityName: 'Cedar Home AFH', role: RoleFacilityOwner, current: false },
      ])
      .on('GET', '/system/dashboard/listCardsAcrossHomes', {
        homes: [
          { tenantId: 't-cedar', facilityName: 'Cedar Home AFH', timeZone: 'PT', current: false, cards: cedarCards },
          { tenantId: 't-maple', facilityName: 'Maple House AFH', timeZone: 'PT', current: true, cards: cards.slice(0, 1) },
        ],
        more: 0,
      })
      .on('POST', '/system/user/switchFacility', refuse('5000', 'The database is busy'));
    const { user, location } = await renderScreen(<FacilityDashboardPage />, { route: '/dashboard', user: owner, strings: ['residents', 'dashboard'] });

    await user.click(await screen.findByRole('button', { name: 'All my homes (2)' }));
    expect(location().search).toBe('?homes=all');
    const cedar = await screen.findByRole('region', { name: 'Cedar Home AFH' });
    const maple = screen.getByRole('region', { name: /^Maple House AFH/ });
    expect(within(maple).getByRole('heading', { level: 2 }).textContent).toBe('Maple House AFH · this home');
    // Each home's cards under its name (cards titled one level below the home).
    expect(within(cedar).getByRole('heading', { level: 3, name: "Today's med passes" })).toBeTruthy();
    expect(within(maple).getByRole('heading', { level: 3, name: "Today's tasks" })).toBeTruthy();
    // The current home's lines open its pages; another home's card offers the switch to it.
    expect(within(maple).queryByRole('button', { name: /Switch to/ })).toBeNull();
    await user.click(within(cedar).getByRole('button', { name: 'Switch to Cedar Home AFH' }));
    expect(api.lastBody('/system/user/switchFacility')).toEqual({ tenantId: 't-cedar' });
    expect((await screen.findByRole('alert')).textContent).toContain('Could not move to that home');

    await user.click(screen.getByRole('button', { name: 'This home' }));
    expect(location().search).toBe('');
    expect(await findSection('My status')).toBeTruthy();
  });

  it('offers no choice to an owner of one home', async () => {
    fakeServer()
      .on('GET', '/system/dashboard/listCards', cards)
      .on('GET', '/system/user/listMyFacilities', oneHome);
    await renderScreen(<FacilityDashboardPage />, { route: '/dashboard?homes=all', user: owner, strings: ['residents', 'dashboard'] });
    expect(await findSection("Today's tasks")).toBeTruthy();
    expect(screen.queryByRole('button', { name: /All my homes/ })).toBeNull();
  });
});
