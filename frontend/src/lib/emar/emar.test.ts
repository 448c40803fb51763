import { describe, expect, it } from 'vitest';
import type { MedPass } from '@/types/api.gen';
import { contrastRatio, luminance } from '@/lib/ui/contrast';
import { PASS_COLOUR_KEYS, PASS_STATUS_KEYS, SITE_KEYS, VITAL_KEYS, VITAL_READING_KEYS } from './emarLabels';
import { colourOfStatus, PASS_COLOURS, PASS_PALETTE, paletteOf } from './passColours';
import { groupBySession, minutesOf, sessionOf, shiftDay } from './passGroups';
import {
  canAcknowledge,
  EMPTY_PASS_DRAFT,
  givenTimeError,
  givenTimeOf,
  isQueued,
  localConflictOf,
  EMPTY_PRN_DRAFT,
  followUpPending,
  followUpRequest,
  lastPrnDose,
  needsSite,
  outcomeAllowed,
  outcomeForReading,
  passRequest,
  passTiming,
  prnRequest,
  reasonRequired,
  SITES,
  validateFollowUp,
  validatePass,
  validatePrn,
  type PassOrder,
} from './passRules';
import { checkVital, mustHold, parseReading, slidingScaleDose, VITAL_RANGES } from './vitals';

const ORDER: PassOrder = {
  route: 'ORAL',
  siteRequired: false,
  controlled: false,
  onHold: false,
  vital: '',
  slidingScale: [],
};
const BP_HOLD: PassOrder = { ...ORDER, vital: 'SYSTOLIC_BP', holdBelow: 100 };
const INSULIN: PassOrder = {
  ...ORDER,
  route: 'SUBCUTANEOUS',
  vital: 'BLOOD_GLUCOSE',
  slidingScale: [
    { from: 70, to: 150, dose: '0 units' },
    { from: 151, to: 200, dose: '2 units' },
    { from: 201, to: 250, dose: '4 units' },
  ],
};

function pass(over: Partial<MedPass> = {}): MedPass {
  return {
    passId: 'p1',
    medicationId: 'm1',
    residentId: 'r1',
    residentName: 'Margaret Olsen',
    medicationName: 'Lisinopril',
    medicationType: 'ROUTINE',
    route: 'ORAL',
    dose: '10 mg',
    kind: 'SCHEDULED',
    day: '2026-11-24',
    timeOfDay: '08:00',
    dueTime: 1_000,
    status: 'DUE',
    colour: 'BLUE',
    warned: false,
    late: false,
    ...over,
  };
}

describe('colours and labels', () => {
  it('paints statuses as the server does', () => {
    expect(colourOfStatus('UPCOMING')).toBe('GREY');
    expect(colourOfStatus('ON_HOLD')).toBe('GREY');
    expect(colourOfStatus('DUE')).toBe('BLUE');
    expect(colourOfStatus('WARNING')).toBe('YELLOW');
    expect(colourOfStatus('OVERDUE')).toBe('RED');
    expect(colourOfStatus('GIVEN')).toBe('GREEN');
    for (const s of ['REFUSED', 'HELD', 'NOT_GIVEN']) expect(colourOfStatus(s)).toBe('ORANGE');
    expect(colourOfStatus('SOMETHING_NEW')).toBe('GREY');
    expect(paletteOf('PURPLE')).toBe(PASS_PALETTE.GREY);
  });

  it('has words for every status, colour, vital and site', () => {
    for (const s of ['UPCOMING', 'DUE', 'WARNING', 'OVERDUE', 'GIVEN', 'REFUSED', 'HELD', 'NOT_GIVEN', 'ON_HOLD', 'DONE']) {
      expect(PASS_STATUS_KEYS).toHaveProperty(s);
    }
    for (const c of PASS_COLOURS) expect(PASS_COLOUR_KEYS).toHaveProperty(c);
    for (const v of Object.keys(VITAL_RANGES)) {
      expect(VITAL_KEYS).toHaveProperty(v);
      expect(VITAL_READING_KEYS).toHaveProperty(v);
    }
    expect(Object.keys(SITE_KEYS)).toEqual([...SITES]);
  });

  it('writes every colour at 4.5:1 or better on its tint', () => {
    for (const [colour, p] of Object.entries(PASS_PALETTE)) {
      const ratio = contrastRatio(luminance(p.text)!, luminance(p.background)!);
      expect(ratio, colour).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('which outcomes need a reason', () => {
  it('refused, held and not given always; given only after its window closed', () => {
    for (const status of ['UPCOMING', 'DUE', 'WARNING', 'OVERDUE']) {
      expect(reasonRequired('REFUSED', status)).toBe(true);
      expect(reasonRequired('HELD', status)).toBe(true);
      expect(reasonRequired('NOT_GIVEN', status)).toBe(true);
    }
    expect(reasonRequired('GIVEN', 'DUE')).toBe(false);
    expect(reasonRequired('GIVEN', 'WARNING')).toBe(false);
    expect(reasonRequired('GIVEN', 'OVERDUE')).toBe(true);
    expect(reasonRequired('', 'DUE')).toBe(false);
    expect(passTiming('OVERDUE')).toBe('late');
    expect(passTiming('WARNING')).toBe('onTime');
  });

  it('refuses a refusal without a reason and names the late reason for a late dose', () => {
    expect(validatePass({ ...EMPTY_PASS_DRAFT }, ORDER, 'DUE')).toEqual({ outcome: { key: 'care.emar.rule.outcome' } });
    expect(validatePass({ ...EMPTY_PASS_DRAFT, outcome: 'REFUSED', reason: '  ' }, ORDER, 'DUE')).toEqual({ reason: { key: 'care.emar.rule.reason' } });
    expect(validatePass({ ...EMPTY_PASS_DRAFT, outcome: 'REFUSED', reason: 'Spat it out' }, ORDER, 'DUE')).toEqual({});
    expect(validatePass({ ...EMPTY_PASS_DRAFT, outcome: 'GIVEN' }, ORDER, 'DUE')).toEqual({});
    expect(validatePass({ ...EMPTY_PASS_DRAFT, outcome: 'GIVEN' }, ORDER, 'OVERDUE')).toEqual({ reason: { key: 'care.emar.rule.reasonLate' } });
    expect(validatePass({ ...EMPTY_PASS_DRAFT, outcome: 'NOT_GIVEN', reason: 'x'.repeat(301) }, ORDER, 'DUE')).toEqual({
      reason: { key: 'care.emar.rule.tooLong', values: { max: 300 } },
    });
  });
});

describe('a pass charted late', () => {
  const zone = 'America/Los_Angeles';
  // 2026-11-24 10:00 Pacific (UTC-8).
  const now = Date.UTC(2026, 10, 24, 18, 0);
  const clock = { zone, now, opened: '2026-11-24T10:00' };

  it('is now unless the time was changed, else that time on the facility clock', () => {
    expect(givenTimeOf('', clock)).toBeUndefined();
    expect(givenTimeOf('2026-11-24T10:00', clock)).toBeUndefined();
    expect(givenTimeOf('2026-11-24T08:05', clock)).toBe(Date.UTC(2026, 10, 24, 16, 5));
    expect(givenTimeError('2026-11-24T08:05', clock)).toBeUndefined();
  });

  it('cannot be in the future nor more than 7 days back', () => {
    expect(givenTimeError('2026-11-24T10:01', clock)).toBeUndefined(); // within the 2-minute skew
    expect(givenTimeError('2026-11-24T10:05', clock)).toEqual({ key: 'care.emar.rule.givenAtFuture' });
    expect(givenTimeError('2026-11-17T09:59', clock)).toEqual({ key: 'care.emar.rule.givenAtOld', values: { days: 7 } });
    expect(givenTimeError('2026-02-30T10:00', clock)).toEqual({ key: 'care.emar.rule.givenAt' });
    expect(validatePass({ ...EMPTY_PASS_DRAFT, outcome: 'GIVEN', reason: 'Charted late', givenAt: '2026-11-25T08:00' }, ORDER, 'OVERDUE', clock)).toEqual({
      givenTime: { key: 'care.emar.rule.givenAtFuture' },
    });
    const req = passRequest({ ...EMPTY_PASS_DRAFT, outcome: 'GIVEN', reason: 'Charted late', givenAt: '2026-11-24T08:05' }, ORDER, 'p1', 'c1', clock);
    expect(req.givenTime).toBe(Date.UTC(2026, 10, 24, 16, 5));
    expect(passRequest({ ...EMPTY_PASS_DRAFT, outcome: 'GIVEN', givenAt: '2026-11-24T10:00' }, ORDER, 'p1', 'c1', clock)).not.toHaveProperty('givenTime');
  });

  it("cannot have happened before the pass's window opened (60 minutes before its time)", () => {
    // The 09:00 pass opens at 08:00 Pacific.
    const due = { ...clock, due: Date.UTC(2026, 10, 24, 17, 0) };
    expect(givenTimeError('2026-11-24T07:59', due)).toEqual({ key: 'care.emar.rule.givenAtBeforeWindow', values: { minutes: 60 } });
    expect(givenTimeError('2026-11-24T08:00', due)).toBeUndefined();
    expect(validatePass({ ...EMPTY_PASS_DRAFT, outcome: 'REFUSED', reason: 'Asleep', givenAt: '2026-11-24T07:30' }, ORDER, 'DUE', due)).toEqual({
      givenTime: { key: 'care.emar.rule.givenAtBeforeWindow', values: { minutes: 60 } },
    });
  });
});

describe('vitals against hold limits', () => {
  it('reads numbers, decimal commas and a whole blood pressure', () => {
    expect(parseReading('SYSTOLIC_BP', '92')).toBe(92);
    expect(parseReading('SYSTOLIC_BP', ' 92/60 ')).toBe(92);
    expect(parseReading('DIASTOLIC_BP', '92/60')).toBe(60);
    expect(parseReading('PULSE', '92/60')).toBeUndefined();
    expect(parseReading('TEMPERATURE', '98,6')).toBe(98.6);
    expect(parseReading('TEMPERATURE', '98.6')).toBe(98.6);
    expect(parseReading('PULSE', 'seventy')).toBeUndefined();
    expect(parseReading('PULSE', '-5')).toBeUndefined();
  });

  it('holds below the limit, gives at it, and catches typing mistakes', () => {
    expect(checkVital(ORDER, '92')).toEqual({ kind: 'none' });
    expect(checkVital(BP_HOLD, '')).toEqual({ kind: 'empty' });
    expect(checkVital(BP_HOLD, 'abc')).toEqual({ kind: 'notNumber' });
    expect(checkVital(BP_HOLD, '920')).toEqual({ kind: 'range', min: 40, max: 300 });
    expect(checkVital(BP_HOLD, '92')).toEqual({ kind: 'holdBelow', value: 92, limit: 100 });
    expect(checkVital(BP_HOLD, '100')).toEqual({ kind: 'ok', value: 100 });
    const pulse: PassOrder = { ...ORDER, vital: 'PULSE', holdBelow: 60, holdAbove: 110 };
    expect(checkVital(pulse, '120')).toEqual({ kind: 'holdAbove', value: 120, limit: 110 });
    expect(checkVital(pulse, '110')).toEqual({ kind: 'ok', value: 110 });
    expect(mustHold(checkVital(BP_HOLD, '92'))).toBe(true);
    expect(mustHold(checkVital(BP_HOLD, '128'))).toBe(false);
    // A null limit (the server's JSON for none) is no limit.
    expect(checkVital({ ...BP_HOLD, holdBelow: null as unknown as undefined }, '60')).toEqual({ kind: 'ok', value: 60 });
  });

  it('needs the reading to give or hold, and forces a hold outside the limits', () => {
    expect(validatePass({ ...EMPTY_PASS_DRAFT, outcome: 'GIVEN' }, BP_HOLD, 'DUE')).toEqual({ vitalValue: { key: 'care.emar.vitalInput.required' } });
    expect(validatePass({ ...EMPTY_PASS_DRAFT, outcome: 'HELD', reason: 'Low' }, BP_HOLD, 'DUE')).toEqual({ vitalValue: { key: 'care.emar.vitalInput.required' } });
    expect(validatePass({ ...EMPTY_PASS_DRAFT, outcome: 'REFUSED', reason: 'Asleep' }, BP_HOLD, 'DUE')).toEqual({});
    expect(validatePass({ ...EMPTY_PASS_DRAFT, outcome: 'GIVEN', reading: '92' }, BP_HOLD, 'DUE')).toEqual({ outcome: { key: 'care.emar.rule.mustHold' } });
    expect(validatePass({ ...EMPTY_PASS_DRAFT, outcome: 'HELD', reading: '92', reason: 'Systolic 92' }, BP_HOLD, 'DUE')).toEqual({});
    expect(validatePass({ ...EMPTY_PASS_DRAFT, outcome: 'GIVEN', reading: '128' }, BP_HOLD, 'DUE')).toEqual({});
    expect(outcomeForReading({ ...EMPTY_PASS_DRAFT, outcome: 'GIVEN', reading: '92' }, BP_HOLD)).toBe('HELD');
    expect(outcomeForReading({ ...EMPTY_PASS_DRAFT, outcome: 'REFUSED', reading: '92' }, BP_HOLD)).toBe('REFUSED');
    expect(outcomeForReading({ ...EMPTY_PASS_DRAFT, outcome: 'GIVEN', reading: '128' }, BP_HOLD)).toBe('GIVEN');
    expect(outcomeAllowed('GIVEN', BP_HOLD, 'DUE', '92')).toBe(false);
    expect(outcomeAllowed('HELD', BP_HOLD, 'DUE', '92')).toBe(true);
    expect(outcomeAllowed('GIVEN', BP_HOLD, 'DUE', '128')).toBe(true);
  });

  it('never gives an order the prescriber holds', () => {
    expect(outcomeAllowed('GIVEN', ORDER, 'ON_HOLD', '')).toBe(false);
    expect(outcomeAllowed('GIVEN', { ...ORDER, onHold: true }, 'DUE', '')).toBe(false);
    expect(validatePass({ ...EMPTY_PASS_DRAFT, outcome: 'GIVEN' }, ORDER, 'ON_HOLD')).toEqual({ outcome: { key: 'care.emar.rule.onHold' } });
  });
});

describe('sliding scale', () => {
  it('picks the dose of the row the reading falls in, inclusive at both ends', () => {
    expect(slidingScaleDose(INSULIN.slidingScale, 150)).toBe('0 units');
    expect(slidingScaleDose(INSULIN.slidingScale, 151)).toBe('2 units');
    expect(slidingScaleDose(INSULIN.slidingScale, 250)).toBe('4 units');
    expect(slidingScaleDose(INSULIN.slidingScale, 251)).toBeUndefined();
    expect(slidingScaleDose(undefined, 100)).toBeUndefined();
    expect(checkVital(INSULIN, '180')).toEqual({ kind: 'ok', value: 180, scaleDose: '2 units' });
    expect(checkVital(INSULIN, '320')).toEqual({ kind: 'noScaleRow', value: 320 });
    expect(mustHold(checkVital(INSULIN, '320'))).toBe(true);
  });
});

describe('site and controlled counts', () => {
  it('asks for a site on the routes that need one', () => {
    expect(needsSite({ route: 'SUBCUTANEOUS', siteRequired: false })).toBe(true);
    expect(needsSite({ route: 'TRANSDERMAL', siteRequired: false })).toBe(true);
    expect(needsSite({ route: 'ORAL', siteRequired: false })).toBe(false);
    expect(needsSite({ route: 'ORAL', siteRequired: true })).toBe(true);
    expect(validatePass({ ...EMPTY_PASS_DRAFT, outcome: 'GIVEN', reading: '180' }, INSULIN, 'DUE')).toEqual({ site: { key: 'care.emar.rule.site' } });
    expect(validatePass({ ...EMPTY_PASS_DRAFT, outcome: 'GIVEN', reading: '180', site: 'OTHER' }, INSULIN, 'DUE')).toEqual({
      siteNote: { key: 'care.emar.rule.siteNote' },
    });
    expect(validatePass({ ...EMPTY_PASS_DRAFT, outcome: 'GIVEN', reading: '180', site: 'ABDOMEN_LEFT' }, INSULIN, 'DUE')).toEqual({});
    // A refusal needs no site.
    expect(validatePass({ ...EMPTY_PASS_DRAFT, outcome: 'REFUSED', reason: 'No' }, INSULIN, 'DUE')).toEqual({});
  });

  it('counts a controlled substance before and after a given dose', () => {
    const controlled = { ...ORDER, controlled: true };
    expect(validatePass({ ...EMPTY_PASS_DRAFT, outcome: 'GIVEN' }, controlled, 'DUE')).toEqual({
      countBefore: { key: 'care.emar.rule.countRequired' },
      countAfter: { key: 'care.emar.rule.countRequired' },
    });
    expect(validatePass({ ...EMPTY_PASS_DRAFT, outcome: 'GIVEN', countBefore: '30', countAfter: '31' }, controlled, 'DUE')).toEqual({
      countAfter: { key: 'care.emar.rule.countOrder' },
    });
    expect(validatePass({ ...EMPTY_PASS_DRAFT, outcome: 'GIVEN', countBefore: '3.5', countAfter: '2' }, controlled, 'DUE')).toEqual({
      countBefore: { key: 'care.emar.rule.countWhole', values: { max: 100000 } },
    });
    expect(validatePass({ ...EMPTY_PASS_DRAFT, outcome: 'GIVEN', countBefore: '30', countAfter: '29' }, controlled, 'DUE')).toEqual({});
    expect(validatePass({ ...EMPTY_PASS_DRAFT, outcome: 'REFUSED', reason: 'No' }, controlled, 'DUE')).toEqual({});
  });
});

describe('requests', () => {
  it('sends what the outcome uses', () => {
    const given = passRequest(
      { ...EMPTY_PASS_DRAFT, outcome: 'GIVEN', reading: '180', site: 'ABDOMEN_LEFT', siteNote: 'ignored', note: ' ok ' },
      INSULIN,
      'p1',
      'client-1',
    );
    expect(given).toEqual({ passId: 'p1', clientId: 'client-1', outcome: 'GIVEN', reason: undefined, note: 'ok', vitalValue: 180, site: 'ABDOMEN_LEFT', siteNote: undefined });
    const held = passRequest({ ...EMPTY_PASS_DRAFT, outcome: 'HELD', reading: '92/60', reason: ' BP low ', site: 'ABDOMEN_LEFT' }, BP_HOLD, 'p2', 'client-2');
    expect(held).toEqual({ passId: 'p2', clientId: 'client-2', outcome: 'HELD', reason: 'BP low', note: undefined, vitalValue: 92 });
    const counted = passRequest({ ...EMPTY_PASS_DRAFT, outcome: 'GIVEN', countBefore: '30', countAfter: '29' }, { ...ORDER, controlled: true }, 'p3', 'c3');
    expect(counted.countBefore).toBe(30);
    expect(counted.countAfter).toBe(29);
  });

  it('asks a PRN dose for its order and reason, and refuses one the reading holds', () => {
    expect(validatePrn(EMPTY_PRN_DRAFT, undefined)).toEqual({ medicationId: { key: 'care.emar.rule.prnOrder' } });
    const draft = { ...EMPTY_PRN_DRAFT, medicationId: 'm9' };
    expect(validatePrn(draft, ORDER)).toEqual({ reason: { key: 'care.emar.rule.prnReason' } });
    expect(validatePrn({ ...draft, reason: 'Headache' }, ORDER)).toEqual({});
    expect(validatePrn({ ...draft, reason: 'Headache' }, BP_HOLD)).toEqual({ vitalValue: { key: 'care.emar.vitalInput.required' } });
    expect(validatePrn({ ...draft, reason: 'Headache', reading: '90' }, BP_HOLD)).toEqual({ vitalValue: { key: 'care.emar.rule.prnHold' } });
    expect(prnRequest({ ...draft, reason: ' Headache ', doseGiven: ' 1 tablet ' }, ORDER, 'c9')).toEqual({
      medicationId: 'm9',
      clientId: 'c9',
      reason: 'Headache',
      note: undefined,
      doseGiven: '1 tablet',
      vitalValue: undefined,
    });
  });

  it('asks whether a PRN helped, and what happened when it did not', () => {
    expect(validateFollowUp({ effective: '', note: '' })).toEqual({ effective: { key: 'care.emar.rule.effective' } });
    expect(validateFollowUp({ effective: 'no', note: '' })).toEqual({ note: { key: 'care.emar.rule.effectNote' } });
    expect(validateFollowUp({ effective: 'yes', note: '' })).toEqual({});
    expect(followUpRequest({ effective: 'yes', note: ' calm ' }, 'p1')).toEqual({ passId: 'p1', effective: true, note: 'calm' });
  });
});

describe('items on the card', () => {
  it('knows a PRN awaiting its check and a red item to acknowledge', () => {
    const prn = pass({ kind: 'PRN', outcome: 'GIVEN', followUpDueTime: 5, followUpStatus: 'DUE', colour: 'BLUE' });
    expect(followUpPending(prn)).toBe(true);
    expect(followUpPending({ ...prn, followUpStatus: 'DONE' })).toBe(false);
    expect(followUpPending(pass())).toBe(false);
    expect(canAcknowledge(pass({ colour: 'RED', status: 'OVERDUE' }))).toBe(true);
    expect(canAcknowledge(pass({ colour: 'RED', status: 'OVERDUE', ackTime: 9 }))).toBe(false);
    expect(canAcknowledge({ ...prn, colour: 'RED', followUpStatus: 'OVERDUE' })).toBe(true);
    expect(canAcknowledge(pass())).toBe(false);
    const passes = [prn, { ...prn, passId: 'p2', givenTime: 20 }, { ...prn, passId: 'p3', medicationId: 'other', givenTime: 30 }];
    expect(lastPrnDose(passes, 'm1')?.passId).toBe('p2');
    expect(lastPrnDose(passes, 'none')).toBeUndefined();
  });

  it('reads what the desktop shell adds: kept to send, or lost to someone else', () => {
    expect(isQueued(pass())).toBe(false);
    expect(isQueued(undefined)).toBe(false);
    expect(isQueued({ ...pass(), queued: true } as MedPass)).toBe(true);
    const lost = { ...pass(), staffName: 'Grace Kim', localConflict: { clientId: 'c', staffName: 'Amina Njoroge', outcome: 'GIVEN', givenTime: 5 } } as MedPass;
    expect(localConflictOf(lost)?.staffName).toBe('Amina Njoroge');
    expect(localConflictOf(pass())).toBeUndefined();
  });

  it('groups scheduled passes by session in the order of the day', () => {
    expect(minutesOf('08:30')).toBe(510);
    expect(minutesOf('24:00')).toBe(-1);
    expect(sessionOf('08:00')).toBe('MORNING');
    expect(sessionOf('09:00')).toBe('MIDDAY');
    expect(sessionOf('23:30')).toBe('MIDNIGHT');
    expect(sessionOf('00:30')).toBe('MIDNIGHT');
    expect(sessionOf('02:00')).toBe('NIGHT');
    expect(sessionOf('21:00')).toBe('NIGHT');
    // A gap between an owner's windows goes to the session that began last.
    const gappy = [
      { session: 'MORNING', startTime: '07:00', endTime: '08:00' },
      { session: 'MIDDAY', startTime: '10:00', endTime: '12:00' },
    ];
    expect(sessionOf('09:00', gappy)).toBe('MORNING');
    const at = (time: string, due: number, name = 'A', kind = 'SCHEDULED') => pass({ passId: `${time}${name}`, timeOfDay: time, dueTime: due, medicationName: name, kind });
    const groups = groupBySession([at('21:00', 21), at('08:00', 8, 'B'), at('02:00', 2), at('08:00', 8, 'A'), at('13:00', 13), at('09:10', 9, 'P', 'PRN')]);
    expect(groups.map((g) => [g.session, g.passes.map((p) => p.passId)])).toEqual([
      ['NIGHT', ['02:00A']],
      ['MORNING', ['08:00A', '08:00B']],
      ['AFTERNOON', ['13:00A']],
      ['NIGHT', ['21:00A']],
    ]);
  });

  it('moves between days across months and years', () => {
    expect(shiftDay('2026-11-24', -1)).toBe('2026-11-23');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('nonsense', 1)).toBe('nonsense');
  });
});

