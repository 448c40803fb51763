import { describe, expect, it } from 'vitest';
import { formatFileSize } from './fileSize';

describe('formatFileSize (base 1024, 2 decimals, Bytes to TB)', () => {
  it.each([
    [0, '0 Bytes'],
    [-5, '0 Bytes'],
    [Number.NaN, '0 Bytes'],
    [1, '1 Bytes'],
    [193, '193 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1234567, '1.18 MB'],
    [10 * 1024 * 1024, '10 MB'],
    [5.5 * 1024 ** 3, '5.5 GB'],
    [1024 ** 4, '1 TB'],
    [3 * 1024 ** 5, '3072 TB'],
  ])('%d → %s', (bytes, want) => {
    expect(formatFileSize(bytes)).toBe(want);
  });
});
