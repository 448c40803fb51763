import { describe, expect, it } from 'vitest';
import { job } from './test/fixtures';
import { canRetry, jobsByGroup } from './jobStates';

describe('smart-setup job rules on the screen', () => {
  it('offers retry only for a stopped job the server lets retry', () => {
    expect(canRetry(job({ state: 'STOPPED', canRetry: true }))).toBe(true);
    expect(canRetry(job({ state: 'FAILED', canRetry: true }))).toBe(false);
    expect(canRetry(job({ state: 'COMPLETED', canRetry: true }))).toBe(false);
    expect(canRetry(job({ state: 'STOPPED', canRetry: false }))).toBe(false);
  });

  it('lists each resident’s jobs in step order', () => {
    const byGroup = jobsByGroup([
      job({ jobId: 'a', step: 'CONTACTS' }),
      job({ jobId: 'b', step: 'TEXT', groupId: 'g-2' }),
      job({ jobId: 'c', step: 'TEXT' }),
      job({ jobId: 'd', step: 'MEDICATIONS' }),
    ]);
    expect(byGroup.get('g-1')?.map((j) => j.jobId)).toEqual(['c', 'd', 'a']);
    expect(byGroup.get('g-2')?.map((j) => j.jobId)).toEqual(['b']);
  });
});
