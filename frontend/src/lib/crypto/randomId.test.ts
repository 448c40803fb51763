import { describe, expect, it } from 'vitest';
import { randomId } from './randomId';

describe('randomId', () => {
  it('is 32 hex characters, new each time', () => {
    const a = randomId();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(randomId()).not.toBe(a);
  });
});
