import { describe, expect, it } from 'vitest';
import type { TaskRecord, TodayTasks } from '@/types/api.gen';
import { fakeServer, invalid, renderScreen, screen, within } from '@/test/render';
import TaskPage from './TaskPage';

const now = Date.now();

function record(part: Partial<TaskRecord>): TaskRecord {
  return {
    recordId: 'rec-1', taskId: 'task-1', residentId: 'r-ruth', residentName: 'Ruth Baker', residentRoom: '4',
    caregiverId: '', caregiverName: '', caregiverColor: '', title: 'Walk to the garden', content: 'Hold her left arm.',
    type: 'ADL', area: '', category: 'timeSpecific', timeSession: '', timeOfDay: '10:00', day: '2026-11-24',
    dueStart: now - 30 * 60_000, dueEnd: now + 30 * 60_000, status: 'PENDING', overdue: false, completedBy: '',
    completedByName: '', completedAt: 0, comment: '', late: false, lateReason: '', remark: '', clearedByName: '',
    clearedAt: 0, clearReason: '', ...part,
  };
}

const walk = record({});
const done = record({ recordId: 'rec-2', taskId: 'task-2', title: 'Change the bed linen', status: 'COMPLETED', completedBy: 'u-ana', completedByName: 'Ana Ruiz', completedAt: now - 3_600_000, comment: 'Done' });

function today(records: TaskRecord[]): TodayTasks {
  return { day: '2026-11-24', records, asNeeded: [], total: records.length, completed: records.filter((r) => r.completedAt).length, expired: 0 };
}

function server() {
  return fakeServer()
    .on('POST', '/care/resident/listResidentByPage', { records: [{ residentId: 'r-ruth', name: 'Ruth Baker', room: '4' }], total: 1, current: 1, size: 9999 })
    .on('POST', '/care/taskInfo/listTodayTask', today([walk, done]))
    .on('POST', '/care/taskInfo/listExpiredTasks', { records: [], total: 0, current: 1, size: 20 })
    .on('GET', '/care/taskInfo/getTaskRecord', walk)
    .on('GET', '/care/routineTime/get', { medicationPrepButtonEnabled: false, sessions: [] });
}

async function openComplete() {
  const s = await renderScreen(<TaskPage />, { route: '/task?session=all&done=1', strings: ['tasks'] });
  const card = await screen.findByRole('article', { name: 'Walk to the garden' });
  await s.user.click(within(card).getByRole('button', { name: 'Complete' }));
  // The dialog's module loads on first use (a cold test run compiles it first).
  const dialog = await screen.findByRole('dialog', {}, { timeout: 5_000 });
  return { ...s, card, dialog };
}

describe("/task today's tasks", () => {
  it('shows the day’s progress and completes a task with a comment', async () => {
    const api = server();
    api.on('POST', '/care/taskInfo/completeTask', () => {
      api.on('POST', '/care/taskInfo/listTodayTask', today([{ ...walk, status: 'COMPLETED', completedBy: 'user-1', completedByName: 'Grace Kim', completedAt: Date.now(), comment: 'She enjoyed it' }, done]));
      return { ...walk, status: 'COMPLETED', completedByName: 'Grace Kim', completedAt: Date.now(), comment: 'She enjoyed it' };
    });
    const { user, dialog } = await openComplete();

    expect(screen.getByRole('button', { name: '1 of 2 done' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Today (2)' }).getAttribute('aria-selected')).toBe('true');
    expect(within(screen.getByRole('article', { name: 'Change the bed linen' })).getByText(/^Ana Ruiz at /)).toBeTruthy();
    expect(within(dialog).getByText('Hold her left arm.')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), '  She enjoyed it ');
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));

    expect(await screen.findByText('Task completed')).toBeTruthy();
    expect(api.lastBody('/care/taskInfo/completeTask')).toEqual({ recordId: 'rec-1', comment: 'She enjoyed it' });
    expect(await screen.findByRole('button', { name: '2 of 2 done' })).toBeTruthy();
  });

  it('needs a comment before it completes anything', async () => {
    const api = server();
    const { user, dialog } = await openComplete();

    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(within(dialog).getByText('Fix the marked fields to complete the task.')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Comment', description: 'Comment is required' })).toBeTruthy();
    expect(api.callsTo('/care/taskInfo/completeTask')).toHaveLength(0);
  });

  it('shows the server’s refusal under the comment, and who was first when someone completed it already', async () => {
    const api = server().on('POST', '/care/taskInfo/completeTask', invalid({ comment: 'Comment: must not contain control characters.' }));
    const { user, dialog } = await openComplete();

    await user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), 'Walked');
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Comment', description: 'Comment: must not contain control characters.' })).toBeTruthy();

    api.on('POST', '/care/taskInfo/completeTask', { ...walk, status: 'COMPLETED', alreadyCompleted: true, completedByName: 'Ana Ruiz', completedAt: Date.UTC(2026, 10, 24, 18, 1) });
    // A toast of an earlier test may still be leaving the shared page (render tests share one jsdom): this
    // completion must add none.
    const toastsBefore = screen.queryAllByText('Task completed').length;
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Already completed by Ana Ruiz at 11/24/2026, 10:01 AM');
    expect(screen.queryAllByText('Task completed')).toHaveLength(toastsBefore);
  });

  it('reads in Chinese', async () => {
    server();
    await renderScreen(<TaskPage />, { route: '/task?session=all', strings: ['tasks'], language: 'zh-CN' });
    expect(await screen.findByRole('article', { name: 'Walk to the garden' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('任务');
  });

  it('opens at the current session: the late ones first, what is due now, the done ones folded away', async () => {
    const late = record({ recordId: 'rec-late', title: 'Turn in bed', category: 'medication', timeOfDay: '', dueStart: now - 3 * 3_600_000, dueEnd: now - 2 * 3_600_000, overdue: true });
    const dueNow = record({ recordId: 'rec-now', title: 'Evening drink', category: 'medication', timeOfDay: '', dueStart: now, dueEnd: now + 3_600_000 });
    const finished = { ...dueNow, recordId: 'rec-fin', title: 'Hand cream', status: 'COMPLETED', completedBy: 'u-ana', completedByName: 'Ana Ruiz', completedAt: now, comment: 'Done' };
    server()
      .on('POST', '/care/taskInfo/listTodayTask', today([dueNow, finished, late]))
      .on('POST', '/care/taskInfo/listExpiredTasks', { records: [late], total: 7, current: 1, size: 20 });
    const { user, location } = await renderScreen(<TaskPage />, { route: '/task', strings: ['tasks'] });

    const overdue = await screen.findByRole('region', { name: 'Overdue today (1)' });
    expect(within(overdue).getByRole('article', { name: 'Turn in bed' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Due now (1)' })).getByRole('article', { name: 'Evening drink' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Session' }) as HTMLSelectElement).selectedOptions[0].textContent).toMatch(/\(now\)$/);
    // Done is folded: one tap shows it.
    expect(screen.queryByRole('article', { name: 'Hand cream' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show done (1)' }));
    expect(await screen.findByRole('article', { name: 'Hand cream' })).toBeTruthy();
    // The tiles: Overdue is the facility's count (the sidebar's) and opens the Expired tab; Due now filters.
    await user.click(screen.getByRole('button', { name: '1 Due now' }));
    expect(screen.queryByRole('article', { name: 'Turn in bed' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '7 Overdue, all days' }));
    expect(location().search).toContain('tab=expired');
  });

  it('draws a long worklist whole: the first screen’s cards first, then the rest', async () => {
    const many = Array.from({ length: 14 }, (_, i) => record({ recordId: `rec-${i}`, taskId: `task-${i}`, title: `Round ${i + 1}`, category: 'medication', timeOfDay: '' }));
    server().on('POST', '/care/taskInfo/listTodayTask', today(many));
    await renderScreen(<TaskPage />, { route: '/task', strings: ['tasks'] });

    const due = await screen.findByRole('region', { name: 'Due now (14)' });
    await expect.poll(() => within(due).queryAllByRole('article').length).toBe(14);
    expect(within(due).getByRole('article', { name: 'Round 14' })).toBeTruthy();
  });

  it('says a task of any time of the day is open all day, without a midnight-to-midnight window', async () => {
    const midnight = new Date(now).setHours(0, 0, 0, 0);
    const anyTime = record({ recordId: 'rec-3', taskId: 'task-3', title: 'Thickened liquids with every drink', category: 'onGoing', timeOfDay: '', dueStart: midnight, dueEnd: midnight + 86_400_000 });
    server().on('POST', '/care/taskInfo/listTodayTask', today([walk, anyTime]));
    await renderScreen(<TaskPage />, { route: '/task?session=all', strings: ['tasks'] });
    const card = await screen.findByRole('article', { name: 'Thickened liquids with every drink' });
    expect(within(card).getByText('Any time of the day')).toBeTruthy();
    expect(card.textContent).not.toMatch(/\d{1,2}:\d\d [AP]M – /);
    // A task of a set time keeps its window.
    expect(within(screen.getByRole('article', { name: 'Walk to the garden' })).getByText(/\(\d{1,2}:\d\d [AP]M – \d{1,2}:\d\d [AP]M\)/)).toBeTruthy();
  });
});
