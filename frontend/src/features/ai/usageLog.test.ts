import { describe, expect, it } from 'vitest';
import { usageFacility } from './usageLog';

describe('the usage log', () => {
  it('names the facility, not its id; the platform’s own tests say so', () => {
    expect(usageFacility({ tenantId: 't-1', facilityName: 'Maple House AFH' }, 'Platform (tests)')).toBe('Maple House AFH');
    expect(usageFacility({ tenantId: '', facilityName: '' }, 'Platform (tests)')).toBe('Platform (tests)');
    expect(usageFacility({ tenantId: 't-9', facilityName: '' }, 'Platform (tests)')).toBe('t-9');
  });
});
