import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@/types/api.gen';
import { attentionCount, badgeFor, badgeText } from './badges';

describe('sidebar badges', () => {
  it('caps at 99+ and hides zero', () => {
    expect(badgeText(undefined)).toBeUndefined();
    expect(badgeText(0)).toBeUndefined();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('maps counts to pages', () => {
    expect(badgeFor('/task', { expiredTasksCount: 3 })).toBe('3');
    expect(badgeFor('/staff-management', { expiredCertificateCount: 60, applicationFormCount: 50 })).toBe('99+');
    expect(badgeFor('/your-status', { expiredCertificateCount: 2, applicationFormCount: 1 })).toBe('3');
    expect(badgeFor('/inspection-status', { facilityDocumentCount: 4 })).toBe('4');
    expect(badgeFor('/inspection-status', { expiredCertificateCount: 4 })).toBeUndefined();
    expect(badgeFor('/dashboard', { expiredTasksCount: 3 })).toBeUndefined();
    expect(badgeFor('/task', undefined)).toBeUndefined();
  });
});

describe('menu button count', () => {
  const menu = [
    { menuUrl: '/dashboard', children: [] },
    { menuUrl: '/care', children: [{ menuUrl: '/task', children: [] }, { menuUrl: '/emars', children: [] }] },
    { menuUrl: '/staff-management', children: [] },
  ] as unknown as MenuItem[];

  it('adds the badges of the pages in the menu and Help', () => {
    const counts = { expiredTasksCount: 2, medicationWarningCount: 1, incidentReportCount: 5, applicationFormCount: 1 };
    // The incident count is not shown: that page is not in this user's menu.
    expect(attentionCount(menu, counts, 3)).toBe(7);
    expect(attentionCount(menu, undefined, undefined)).toBe(0);
    expect(attentionCount(menu, {}, 0)).toBe(0);
  });
});
