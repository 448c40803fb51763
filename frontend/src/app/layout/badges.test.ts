import { describe, expect, it } from 'vitest';
import { badgeFor, badgeText } from './badges';

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
    expect(badgeFor('/dashboard', { expiredTasksCount: 3 })).toBeUndefined();
    expect(badgeFor('/task', undefined)).toBeUndefined();
  });
});
