import { describe, expect, it } from 'vitest';
import type { FacilityRequirement } from '@/types/api.gen';
import { documentCounts, overall, score, scoreIntent } from './inspectionScore';

const item = (status: string) => ({ status }) as FacilityRequirement;

describe('inspection scores', () => {
  it('rounds down, so a single open item never reads 100', () => {
    expect(score(199, 200)).toBe(99);
    expect(score(0, 0)).toBe(100);
    expect(scoreIntent(99)).toBe('warning');
    expect(scoreIntent(100)).toBe('success');
    expect(scoreIntent(50)).toBe('danger');
  });
  it('counts a facility document in order while a version is in force', () => {
    expect(documentCounts(['DONE', 'EXPIRING_SOON', 'RENEWED', 'UPDATED', 'MISSING', 'EXPIRED', 'UPCOMING'].map(item))).toEqual({ inOrder: 4, total: 7 });
  });
  it('weighs the overall score by items, not by areas', () => {
    expect(overall([{ inOrder: 9, total: 10 }, { inOrder: 0, total: 0 }, { inOrder: 1, total: 2 }])).toBe(83);
  });
});
