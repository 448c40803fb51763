import { describe, expect, it } from 'vitest';
import { formatCalendarDate, MOVE_IN_START_URL, moveInResumeUrl, residentDetailUrl, residentsBase } from './residentPaths';

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

describe('move-in paths', () => {
  it('start at the first step and resume a move-in by its resident', () => {
    expect(MOVE_IN_START_URL).toBe('/resident-management/move-in/confirm');
    expect(moveInResumeUrl('r 1')).toBe('/resident-management/move-in?residentId=r%201');
  });
});
