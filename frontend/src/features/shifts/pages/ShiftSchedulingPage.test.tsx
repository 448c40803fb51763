import { describe, expect, it } from 'vitest';
import type { SaveScheduleRequest, ShiftSchedule, WeekSchedule } from '@/types/api.gen';
import { RoleFacilityOwner } from '@/types/api.gen';
import { fakeServer, refuse, renderScreen, screen, within } from '@/test/render';
import ShiftSchedulingPage from './ShiftSchedulingPage';

const dayShift = {
  shiftTypeId: 'st-day', name: 'Day shift', startTime: '07:00', endTime: '15:00', crossesMidnight: false, durationMinutes: 480, color: '#2d72d2',
  minStaff: 1, requiredCredential: '', active: true, scheduled: false, updateTime: 0,
};

function week(schedules: ShiftSchedule[] = []): WeekSchedule {
  return { weekStart: '2026-11-29', weekEnd: '2026-12-05', today: '2026-11-28', timeZone: 'PT', shiftTypes: [dayShift], schedules, gaps: [], conflicts: [] };
}

function scheduleOf(req: SaveScheduleRequest, version: number): ShiftSchedule {
  return {
    scheduleId: 'sch-1', shiftTypeId: req.shiftTypeId, shiftTypeName: 'Day shift', name: req.name, startDate: req.startDate, endDate: req.endDate, status: 'DRAFT',
    assignments: req.assignments.map((a) => ({ ...a, caregivers: a.caregiverIds.map((id) => ({ caregiverId: id, name: id === 'cg-ana' ? 'Ana Ruiz' : 'Ben Okafor', color: '#ccc' })), start: 0, end: 0, past: false })),
    version, publishedAt: 0, updatedByName: 'Grace Kim', updateTime: Date.now(),
  } as ShiftSchedule;
}

function server() {
  return fakeServer()
    .on('POST', '/care/shiftSchedule/listByWeek', week())
    .on('POST', '/care/caregiver/listCaregiverBaseInfoByPage', {
      records: [
        { caregiverId: 'cg-ana', userId: 'u-ana', name: 'Ana Ruiz', color: '#d33d17', avatar: '', roleType: 'CAREGIVER_STAFF', status: 'NORMAL' },
        { caregiverId: 'cg-ben', userId: 'u-ben', name: 'Ben Okafor', color: '#238551', avatar: '', roleType: 'CAREGIVER_STAFF', status: 'NORMAL' },
      ],
      total: 2, current: 1, size: 9999,
    });
}

const owner = { roles: [RoleFacilityOwner] };
const route = '/shift-management/shift-scheduling/st-day?week=2026-11-29';
const path = '/shift-management/shift-scheduling/:shiftTypeId';

async function openWeek() {
  const s = await renderScreen(<ShiftSchedulingPage />, { route, path, user: owner, strings: ['shifts'] });
  expect(await screen.findByRole('heading', { level: 1, name: 'Schedule: Day shift' })).toBeTruthy();
  const grid = await screen.findByRole('region', { name: 'Caregivers by day' });
  await within(grid).findByText('Ana Ruiz');
  return { ...s, grid };
}

describe('the shift schedule', () => {
  it('puts caregivers on days, saves the week and publishes it', async () => {
    const api = server();
    api.on('POST', '/care/shiftSchedule/save', (call) => {
      const saved = scheduleOf(call.body as SaveScheduleRequest, 1);
      api.on('POST', '/care/shiftSchedule/listByWeek', week([saved]));
      return { schedule: saved, gaps: [], skipped: [] };
    });
    api.on('POST', '/care/shiftSchedule/publish', () => ({ schedule: { ...scheduleOf(api.lastBody('/care/shiftSchedule/save'), 2), status: 'PUBLISHED' }, gaps: [], skipped: [] }));
    const { user, grid } = await openWeek();

    expect(screen.getByText('Not scheduled yet')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Schedule name' }) as HTMLInputElement).value).toBe('Day shift, week of 11/29/2026');
    await user.click(within(grid).getByRole('checkbox', { name: /^Ana Ruiz on .* 11\/30\/2026$/ }));
    await user.click(within(grid).getByRole('checkbox', { name: /^Ben Okafor on .* 12\/01\/2026$/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Schedule saved')).toBeTruthy();
    const body = api.lastBody<SaveScheduleRequest>('/care/shiftSchedule/save');
    expect(body).toMatchObject({ shiftTypeId: 'st-day', name: 'Day shift, week of 11/29/2026', startDate: '2026-11-29', endDate: '2026-12-05' });
    expect(body.assignments.filter((a) => a.caregiverIds.length > 0)).toEqual([
      { day: '2026-11-30', caregiverIds: ['cg-ana'] },
      { day: '2026-12-01', caregiverIds: ['cg-ben'] },
    ]);

    expect(await screen.findByText('Draft')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish the week' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Schedule published')).toBeTruthy();
    expect(api.lastBody('/care/shiftSchedule/publish')).toEqual({ scheduleId: 'sch-1', version: 1 });
  });

  it('asks for at least one caregiver before saving', async () => {
    const api = server();
    const { user } = await openWeek();

    await user.clear(screen.getByRole('textbox', { name: 'Schedule name' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // An empty name is fine (the server names the week after its type); nobody on any day is not.
    expect(screen.getByRole('textbox', { name: 'Schedule name' }).getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getByText('Assign at least one caregiver to at least one day')).toBeTruthy();
    expect(api.callsTo('/care/shiftSchedule/save')).toHaveLength(0);
  });

  it('lists the conflicts the server refused, and asks for a reload when someone else changed the week', async () => {
    const api = server().on(
      'POST',
      '/care/shiftSchedule/save',
      refuse('4022', 'Validation failed', [{ field: 'assignments[1].caregiverIds', rule: 'leave', message: 'Ana Ruiz is on approved leave on 11/30/2026.' }]),
    );
    const { user, grid } = await openWeek();

    await user.click(within(grid).getByRole('checkbox', { name: /^Ana Ruiz on .* 11\/30\/2026$/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const refusal = await screen.findByRole('alert');
    expect(within(refusal).getByText('The schedule was not saved')).toBeTruthy();
    expect(within(refusal).getByText(/Ana Ruiz is on approved leave on 11\/30\/2026\./)).toBeTruthy();

    api.on('POST', '/care/shiftSchedule/save', refuse('4009', 'Changed by someone else'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/^Someone else changed this week's schedule while you were editing\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.queryByText('Schedule saved')).toBeNull();
  });

  it('reads in Chinese', async () => {
    server();
    await renderScreen(<ShiftSchedulingPage />, { route, path, user: owner, strings: ['shifts'], language: 'zh-CN' });
    expect(await screen.findByRole('heading', { level: 1, name: /Day shift/ })).toBeTruthy();
    expect(screen.getByText('尚未排班')).toBeTruthy();
  });
});
