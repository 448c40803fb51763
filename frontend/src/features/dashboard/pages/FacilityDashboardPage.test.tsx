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

describe('/dashboard', () => {
  it('shows each card with its lines and a link to where the person acts', async () => {
    fakeServer().on('GET', '/system/dashboard/listCards', cards);
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
    fakeServer().on('GET', '/system/dashboard/listCards', []);
    await renderScreen(<FacilityDashboardPage />, { route: '/dashboard', user: owner, strings: ['residents'] });
    expect(await screen.findByText('Nothing needs your attention right now.')).toBeTruthy();
  });

  it('shows the refusal and no made-up cards when the cards cannot be read', async () => {
    fakeServer().on('GET', '/system/dashboard/listCards', refuse('5000', 'The database is busy'));
    await renderScreen(<FacilityDashboardPage />, { route: '/dashboard', user: owner, strings: ['residents'] });
    expect(await screen.findByText('Operation failed: The database is busy')).toBeTruthy();
    expect(screen.queryByText('Nothing needs your attention right now.')).toBeNull();
    expect(screen.queryAllByRole('heading', { level: 2 })).toHaveLength(0);
  });

  it('reads in Chinese', async () => {
    fakeServer().on('GET', '/system/dashboard/listCards', cards);
    await renderScreen(<FacilityDashboardPage />, { route: '/dashboard', user: owner, strings: ['residents'], language: 'zh-CN' });
    expect(await screen.findByText('2026/11/24 07:02', { exact: false })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).not.toBe('Dashboard');
  });
});
