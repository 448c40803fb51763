import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ShiftReport } from '@/types/api.gen';
import { fakeServer, renderScreen, screen, within } from '@/test/render';
import ShiftReportPage from './ShiftReportPage';

const report: ShiftReport = {
  reportId: 'rep-1', status: 'SUBMIT', shiftDate: '2026-11-28', shiftTypeId: 'st-day', shiftTypeName: 'Day', authorId: 'u-amina',
  authorName: 'Amina Yusuf', residentsOfConcern: 'Harold slept badly', medsGivenHeld: '', incidents: '', tasksLeftOpen: '', freeText: '',
  read: false, readCount: 0, submittedAt: Date.now() - 3_600_000, version: 1, createTime: 0, updateTime: 0, editable: false,
};

describe('/shift-report', () => {
  it('a report opened and closed before the server answers is still shown read once it answers', async () => {
    let read = false;
    let answer: (r: ShiftReport) => void = () => {};
    const server = fakeServer()
      .on('POST', '/care/shiftReport/listByPage', () => ({ records: [{ ...report, read }], total: 1, current: 1, size: 10 }))
      .on('GET', '/care/shiftReport/countUnread', () => ({ count: read ? 0 : 1 }))
      .on('GET', '/care/shiftSchedule/myShifts', { shifts: [] })
      .on('POST', '/care/shiftType/list', [])
      .on('GET', '/care/shiftReport/getById', () => new Promise<ShiftReport>((resolve) => (answer = resolve)));
    const { user } = await renderScreen(<ShiftReportPage />, { route: '/shift-report', strings: ['shifts'] });

    const row = await screen.findByTestId('shift-report-row');
    expect(row.getAttribute('data-unread')).toBe('true');
    await user.click(within(row).getByTestId('shift-report-open'));
    await screen.findByTestId('shift-report-view');
    await user.click(screen.getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByTestId('shift-report-view')).toBeNull());

    // The server marks it read as it answers; the list and the count follow though the report is closed.
    read = true;
    answer({ ...report, read: true, readCount: 1 });
    await waitFor(() => expect(screen.getByTestId('shift-report-row').getAttribute('data-unread')).toBe('false'));
    await waitFor(() => expect(screen.queryByTestId('shift-report-unread-count')).toBeNull());
    expect(server.calls.filter((c) => c.path === '/care/shiftReport/getById')).toHaveLength(1);
  });
});
