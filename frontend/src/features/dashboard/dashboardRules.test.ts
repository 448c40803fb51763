import { describe, expect, it } from 'vitest';
import type { DashboardCard } from '@/types/api.gen';
import { hoursAndMinutes, knownCards, lineLink, orderCards, toneClass } from './dashboardRules';

describe('dashboard rules', () => {
  it('leaves out cards and lines the UI cannot name', () => {
    const cards: DashboardCard[] = [
      { key: 'approvals', link: '/staff-management?tab=requests', items: [{ key: 'requestsToApprove', count: 2, tone: 'WARNING' }, { key: 'fromTheFuture', count: 1, tone: 'NONE' }] },
      { key: 'newFeature', link: '/x', items: [] },
    ];
    const known = new Set(['dashboard.card.approvals.title', 'dashboard.item.requestsToApprove']);
    const out = knownCards(cards, (k) => known.has(k));
    expect(out.map((c) => c.key)).toEqual(['approvals']);
    expect(out[0].items.map((i) => i.key)).toEqual(['requestsToApprove']);
  });

  it('shows a week of minutes as hours and minutes', () => {
    expect(hoursAndMinutes(450)).toEqual({ h: 7, m: 30 });
    expect(hoursAndMinutes(0)).toEqual({ h: 0, m: 0 });
    expect(hoursAndMinutes(-5)).toEqual({ h: 0, m: 0 });
  });

  it('marks overdue lines red and coming-up lines amber', () => {
    expect(toneClass('DANGER')).toBe('hearth-dash-danger');
    expect(toneClass('WARNING')).toBe('hearth-dash-warning');
    expect(toneClass('NONE')).toBe('');
  });

  it("leads a line to its own page, else its card's", () => {
    expect(lineLink({ link: '/resident-management' }, { link: '/resident-management/detail?residentId=1' })).toBe('/resident-management/detail?residentId=1');
    expect(lineLink({ link: '/resident-management' }, {})).toBe('/resident-management');
    expect(lineLink({ link: '' }, {})).toBeUndefined();
  });
});

describe('orderCards', () => {
  it('leads with the clock status, the next shift and what is due now, then keeps the server’s order', () => {
    const keys = ['residents', 'todayTasks', 'medPasses', 'myStatus', 'myRequests', 'myShift'].map((key) => ({ key }));
    expect(orderCards(keys).map((c) => c.key)).toEqual(['myStatus', 'myShift', 'todayTasks', 'medPasses', 'residents', 'myRequests']);
  });
});
