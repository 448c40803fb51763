import { describe, expect, it } from 'vitest';
import { auditDiff } from './auditDiff';

describe('auditDiff', () => {
  it('puts changed fields first, then added, removed and unchanged ones', () => {
    const lines = auditDiff('{"value":"1","name":"A","gone":true}', '{"value":"2","name":"A","nested":{"x":1}}');
    expect(lines).toEqual([
      { field: 'value', before: '1', after: '2', change: 'changed' },
      { field: 'nested.x', before: '', after: '1', change: 'added' },
      { field: 'gone', before: 'true', after: '', change: 'removed' },
      { field: 'name', before: 'A', after: 'A', change: 'same' },
    ]);
  });
  it('shows a row with no before as all added, and text that is not JSON as one value', () => {
    expect(auditDiff('', '{"a":1}')).toEqual([{ field: 'a', before: '', after: '1', change: 'added' }]);
    expect(auditDiff('oops', '')).toEqual([{ field: '(value)', before: 'oops', after: '', change: 'removed' }]);
  });
});
