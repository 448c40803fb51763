import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderScreen, screen } from '@/test/render';
import { NotificationBell } from './NotificationBell';

const welcome = {
  notificationId: 'n1',
  kind: 'system',
  titleKey: 'notification.welcome.title',
  bodyKey: 'notification.welcome.body',
  params: {},
  link: '/emars',
  createTime: Date.now() - 60_000,
} as const;

describe('the notification bell', () => {
  it('shows the unread count; its list opens on the first press, closes with Escape back to the bell, and opens again', async () => {
    const api = fakeServer();
    api.on('GET', '/care/notification/unreadCount', { count: 1, latestTime: welcome.createTime });
    api.on('POST', '/care/notification/listMine', { records: [welcome], total: 1, current: 1, size: 10 });
    const { user } = await renderScreen(<NotificationBell zoneCode="PT" />, { strings: ['notifications'] });
    // The count's answer, and then the popover's module, arrive in their time on a busy machine.
    const bell = await screen.findByRole('button', { name: 'Notifications, unread: 1' }, { timeout: 5_000 });
    expect(screen.queryByRole('heading', { name: 'Notifications' })).toBeNull();

    await user.click(bell);
    expect(await screen.findByRole('heading', { name: 'Notifications' }, { timeout: 5_000 })).toBeTruthy();
    expect(await screen.findByText('Unread', { exact: false })).toBeTruthy();
    // Escape closes it, and the focus is back on the bell.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Notifications' })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Notifications, unread: 1' }));

    // Pressed again, it opens again.
    await user.click(screen.getByRole('button', { name: 'Notifications, unread: 1' }));
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeTruthy();
  });
});
