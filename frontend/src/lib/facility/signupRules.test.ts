import { describe, expect, it } from 'vitest';
import { checkSignupField } from './signupRules';

describe('checkSignupField (spec 000 §5 bounds)', () => {
  it.each([
    ['facilityName', 'W', 'tooShort'],
    ['facilityName', 'W'.repeat(81), 'tooLong'],
    ['facilityName', 'Willow Creek AFH', null],
    ['ownerName', 'R', 'tooShort'],
    ['ownerName', 'R'.repeat(51), 'tooLong'],
    ['address', 'short', 'tooShort'],
    ['address', 'a'.repeat(201), 'tooLong'],
    ['introduction', '   too short   ', 'tooShort'],
    ['introduction', 'i'.repeat(501), 'tooLong'],
    ['businessLicense', '12345', 'tooShort'],
    ['businessLicense', '12345678901', 'tooLong'],
    ['businessLicense', '752001', null],
    ['zipCode', '9850', 'tooShort'],
    ['zipCode', '9'.repeat(16), 'tooLong'],
    ['account', '1rosa_w', 'badAccount'],
    ['account', 'rosa_willow', null],
    ['email', 'rosa@', 'badEmail'],
    ['phone', '360-555-01x2', 'badPhone'],
    ['phone', '360-555-0142', null],
  ] as const)('%s %j → %s', (field, value, want) => {
    expect(checkSignupField(field, value)?.key ?? null).toBe(want);
  });
});
