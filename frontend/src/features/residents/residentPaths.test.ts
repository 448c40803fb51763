import { describe, expect, it } from 'vitest';
import { formatCalendarDate, residentDetailUrl, residentsBase } from './residentPaths';

describe('residentPaths', () => {
  it('tells the facility pages from the caregiver pages', () => {
    expect(residentsBase('/resident-management')).toBe('/resident-management');
    expect(residentsBase('/resident-management/detail')).toBe('/resident-management');
    expect(residentsBase('/resident')).toBe('/resident');
    expect(residentsBase('/resident/detail')).toBe('/resident');
  });
  it('builds the detail link', () => {
    expect(residentDetailUrl('/resident', 'a b')).toBe('/resident/detail?residentId=a%20b');
  });
  it('shows a calendar date without shifting it by a zone', () => {
    expect(formatCalendarDate('1941-06-02', 'en-US')).toBe('06/02/1941');
    expect(formatCalendarDate('', 'en-US')).toBe('');
  });
});
