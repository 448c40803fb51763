import { describe, expect, it } from 'vitest';
import type { DisposalDueItem, Medication, MedicationDisposal } from '@/types/api.gen';
import {
  draftFromDue,
  draftFromRecord,
  dueTone,
  emptyDraft,
  medicationChoices,
  quickRequest,
  saveRequest,
  serverErrors,
  timeOf,
  validateDisposal,
  type DisposalDraft,
} from './disposalRules';

const LA = 'America/Los_Angeles';
// 2027-06-01 10:00 Pacific (17:00 UTC).
const NOW = Date.UTC(2027, 5, 1, 17, 0);

function valid(over: Partial<DisposalDraft> = {}): DisposalDraft {
  return {
    ...emptyDraft(NOW, LA, 'med-1'),
    disposalMethod: 'MAIL_BACK_PROGRAM',
    disposalReason: 'DISCONTINUED',
    pillsNumber: '14',
    ...over,
  };
}

describe('validateDisposal (spec 000 §5)', () => {
  it('accepts a complete draft', () => {
    expect(validateDisposal(valid(), NOW, LA)).toEqual({});
  });

  it('needs a medication, a method, a reason, a time and a pill count', () => {
    const errors = validateDisposal({ ...emptyDraft(NOW, LA), disposalTime: '' }, NOW, LA);
    expect(Object.keys(errors).sort()).toEqual(['disposalMethod', 'disposalReason', 'disposalTime', 'medicationId', 'pillsNumber']);
    expect(errors.medicationId?.key).toBe('disposal.validation.medication');
  });

  it('needs the words of another method or reason', () => {
    const errors = validateDisposal(valid({ disposalMethod: 'OTHER', customMethod: '  ', disposalReason: 'OTHER' }), NOW, LA);
    expect(errors.customMethod?.key).toBe('disposal.validation.customMethod');
    expect(errors.customReason?.key).toBe('disposal.validation.customReason');
    expect(validateDisposal(valid({ disposalMethod: 'OTHER', customMethod: 'Take-back kiosk' }), NOW, LA)).toEqual({});
  });

  it('takes a whole number of pills from 1 to 9999', () => {
    for (const bad of ['0', '-1', '1.5', 'ten', '10000', '']) {
      expect(validateDisposal(valid({ pillsNumber: bad }), NOW, LA).pillsNumber?.key, bad).toBe('disposal.validation.pills');
    }
    for (const ok of ['1', '9999', ' 30 ']) expect(validateDisposal(valid({ pillsNumber: ok }), NOW, LA)).toEqual({});
  });

  it('refuses a time in the future and an incomplete one', () => {
    expect(validateDisposal(valid({ disposalTime: '2027-06-01T10:30' }), NOW, LA).disposalTime?.key).toBe('disposal.validation.timeFuture');
    expect(validateDisposal(valid({ disposalTime: '2027-06-01' }), NOW, LA).disposalTime?.key).toBe('disposal.validation.time');
    expect(validateDisposal(valid({ disposalTime: '2027-05-31T22:15' }), NOW, LA)).toEqual({});
  });
});

describe('requests', () => {
  it('reads the time on the facility clock and drops the words of a named method', () => {
    const req = saveRequest(valid({ disposalTime: '2027-06-01T09:00', customMethod: 'stale words', remarks: '  ' }), 'res-1', LA);
    expect(req).toMatchObject({ residentId: 'res-1', medicationId: 'med-1', disposalTime: Date.UTC(2027, 5, 1, 16, 0), pillsNumber: 14 });
    expect(req.customMethod).toBeUndefined();
    expect(req.remarks).toBeUndefined();
    expect(req.recordId).toBeUndefined();
  });

  it('edits carry the record and the version the form was opened on', () => {
    const record = { recordId: 'rec-1', version: 3, taskId: '', medicationId: 'med-1', disposalMethod: 'OTHER', customMethod: 'Kiosk',
      disposalReason: 'DISCONTINUED', customReason: '', disposalTime: NOW - 3_600_000, pillsNumber: 7, remarks: 'r' } as MedicationDisposal;
    const draft = draftFromRecord(record, LA);
    expect(draft).toMatchObject({ disposalTime: '2027-06-01T09:00', pillsNumber: '7', customMethod: 'Kiosk' });
    expect(saveRequest(draft, 'res-1', LA, record)).toMatchObject({ recordId: 'rec-1', version: 3, customMethod: 'Kiosk' });
  });

  it('a quick create starts from the due item, with the event in words for a death', () => {
    const item = { medicationId: 'med-9', reason: 'OTHER', kind: 'DECEASED', since: '2027-05-20' } as DisposalDueItem;
    const draft = draftFromDue(item, NOW, LA, 'Resident died on 5/20/2027');
    expect(draft).toMatchObject({ medicationId: 'med-9', disposalReason: 'OTHER', customReason: 'Resident died on 5/20/2027' });
    const req = quickRequest({ ...draft, disposalMethod: 'DEACTIVATION_KIT', pillsNumber: '3' }, LA);
    expect(req).toMatchObject({ medicationId: 'med-9', disposalReason: 'OTHER', customReason: 'Resident died on 5/20/2027', pillsNumber: 3 });
    expect('residentId' in req).toBe(false);
  });
});

describe('the page', () => {
  it('offers current orders before discontinued ones, each by name', () => {
    const meds = [
      { medicationId: 'a', name: 'Zoloft', status: 'DISCONTINUED' },
      { medicationId: 'b', name: 'Lisinopril', status: 'CURRENT' },
      { medicationId: 'c', name: 'Aspirin', status: 'DISCONTINUED' },
      { medicationId: 'd', name: 'Metformin', status: 'CURRENT' },
    ] as Medication[];
    expect(medicationChoices(meds).map((m) => m.medicationId)).toEqual(['b', 'd', 'c', 'a']);
  });

  it('is red once overdue, amber when due soon', () => {
    expect(dueTone('OVERDUE')).toBe('danger');
    expect(dueTone('DUE_SOON')).toBe('warning');
    expect(dueTone('DUE')).toBe('none');
  });

  it('puts server refusals under their fields, others under the medication', () => {
    expect(serverErrors({ pillsNumber: 'bad', taskId: 'not theirs' })).toEqual({ pillsNumber: 'bad', medicationId: 'not theirs' });
  });

  it('reads a wall-clock time only when complete', () => {
    expect(timeOf('2027-06-01T10:00', LA)).toBe(NOW);
    expect(timeOf('2027-06-01T', LA)).toBeUndefined();
  });
});
