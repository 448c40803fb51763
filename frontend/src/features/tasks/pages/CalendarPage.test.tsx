import { describe, expect, it } from 'vitest';
import type { CalendarEvent, TaskRecord } from '@/types/api.gen';
import { fakeServer, renderScreen, screen, within } from '@/test/render';
import CalendarPage from './CalendarPage';

const now = Date.now();

function record(part: Partial<TaskRecord>): TaskRecord {
  return {
    recordId: 'rec-1', taskId: 'task-1', residentId: 'r-harold', residentName: 'Harold Moss', residentRoom: '2',
    caregiverId: '', caregiverName: '', caregiverColor: '', title: 'Wash', content: '',
    type: 'ADL', area: '', category: 'timeSpecific', timeSession: 'MORNING', timeOfDay: '', day: '2026-11-24',
    dueStart: now - 30 * 60_000, dueEnd: now + 30 * 60_000, status: 'PENDING', overdue: false, completedBy: '',
    completedByName: '', completedAt: 0, comment: '', late: false, lateReason: '', remark: '', clearedByName: '',
    clearedAt: 0, clearReason: '', ...part,
  };
}

const tasks = [
  record({}),
  record({ recordId: 'rec-2', title: 'Dress', status: 'COMPLETED', completedBy: 'u-ana', completedByName: 'Ana Ruiz', completedAt: now - 60_000, comment: 'Done' }),
  record({ recordId: 'rec-3', title: 'Teeth', overdue: true }),
];
// A shift is drawn on the day it starts: this one starts now, so the day view shows it at any hour (an hour
// earlier was yesterday just after midnight).
const shift: CalendarEvent = { id: 's1', kind: 'SHIFT', title: 'Grace Kim · Day', start: now, end: now + 2 * 3_600_000, allDay: false, color: '#1565c0' };

function server() {
  return fakeServer()
    .on('POST', '/care/resident/listResidentByPage', { records: [{ residentId: 'r-harold', name: 'Harold Moss', room: '2' }], total: 1, current: 1, size: 9999 })
    .on('POST', '/care/taskInfo/listCalendarTask', tasks)
    .on('POST', '/care/taskInfo/listCalendarData', { days: [], events: [shift] })
    .on('GET', '/care/taskInfo/getTaskRecord', tasks[0])
    .on('GET', '/care/routineTime/get', { medicationPrepButtonEnabled: false, sessions: [] });
}

describe('/calendar day and week', () => {
  it('groups a resident’s session into one entry that lists its tasks; shifts can be hidden', async () => {
    server();
    const { user, location } = await renderScreen(<CalendarPage />, { route: '/calendar?view=day', strings: ['tasks'] });
    const group = await screen.findByText('Harold Moss · Morning · 3 tasks');
    const entry = group.closest('[data-testid="calendar-entry"]') as HTMLElement;
    expect(entry.getAttribute('data-state')).toBe('overdue');
    expect(within(entry).getByText('1 overdue')).toBeTruthy();
    expect(within(entry).getByText('1 done')).toBeTruthy();
    expect(within(entry).getByText('1 to do')).toBeTruthy();
    expect(await screen.findByText(/Grace Kim · Day$/)).toBeTruthy();

    await user.click(entry);
    const dialog = await screen.findByRole('dialog', { name: /^Harold Moss · Morning · / });
    const rows = within(dialog).getAllByTestId('calendar-group-task');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('Dress'), expect.stringContaining('Teeth'), expect.stringContaining('Wash')]);
    expect(within(dialog).getByText('Done')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('checkbox', { name: 'Show shifts' }));
    expect(location().search).toContain('shifts=0');
    expect(screen.queryByText(/Grace Kim · Day$/)).toBeNull();
  });
});

describe('/calendar in Chinese', () => {
  it('names its parts in Chinese and writes times on the 24-hour clock', async () => {
    server();
    await renderScreen(<CalendarPage />, { route: '/calendar?view=day', strings: ['tasks'], language: 'zh-CN' });
    expect(await screen.findByText(/^Harold Moss · 早上 · 3 项任务$/)).toBeTruthy();
    expect(screen.getByText('07:00')).toBeTruthy();
    expect(screen.getByText('定时')).toBeTruthy();
    expect(screen.queryByText('Timed')).toBeNull();
    expect(screen.getByRole('checkbox', { name: '显示班次' })).toBeTruthy();
  });
});
