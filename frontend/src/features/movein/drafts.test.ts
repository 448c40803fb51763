import { describe, expect, it } from 'vitest';
import type { Resident, Task } from '@/types/api.gen';
import { ShortTextMax } from '@/types/api.gen';
import { MEDICATION_FIELD_WORDS } from '@/lib/care/medicationForm';
import en from './locales/en-US.json';
import es from './locales/es-ES.json';
import zh from './locales/zh-CN.json';
import { emptyMedicationDraft, medicationRequest, validateMedication } from './medicationDraft';
import { identityKey, samePerson } from './newPerson';
import { itemNamedIn, itemProblems, problemIndexes } from './stepProblems';
import { emptyTaskDraft, taskDraftOf, taskRequest, validateTask } from './taskDraft';

const TODAY = '2026-05-12';

describe('a care plan task before Next', () => {
  it('needs a title and a start not before today', () => {
    const d = emptyTaskDraft(TODAY);
    expect(Object.keys(validateTask(d, TODAY))).toEqual(['title']);
    expect(validateTask({ ...d, title: 'Shower', startDate: '2026-05-11' }, TODAY).startDate?.key).toBe('movein.validation.startNotPast');
    expect(validateTask({ ...d, title: 'Shower' }, TODAY)).toEqual({});
  });

  it('keeps the start of a saved task even when it has passed', () => {
    const d = { ...emptyTaskDraft(TODAY), taskId: 't1', title: 'Shower', startDate: '2026-01-01' };
    expect(validateTask(d, TODAY)).toEqual({});
  });

  it('needs an end on or after the start', () => {
    const d = { ...emptyTaskDraft(TODAY), title: 'Walk', endDate: '2026-05-01' };
    expect(validateTask(d, TODAY).endDate?.key).toBe('movein.validation.endBeforeStart');
  });

  it('checks the fields its frequency implies', () => {
    const d = { ...emptyTaskDraft(TODAY), title: 'Bath' };
    const weekly = { ...d, schedule: { ...d.schedule, frequency: 'WEEKLY' } };
    expect(validateTask(weekly, TODAY).daysOfWeek).toBeDefined();
    expect(validateTask({ ...weekly, schedule: { ...weekly.schedule, daysOfWeek: [2, 5] } }, TODAY)).toEqual({});
  });

  it('sends only what its frequency uses, and no end for a one-time task', () => {
    const d = { ...emptyTaskDraft(TODAY), title: ' Shower ', endDate: '2026-06-01', schedule: { ...emptyTaskDraft(TODAY).schedule, frequency: 'ONCE' } };
    expect(taskRequest(d)).toEqual({ title: 'Shower', type: 'ROUTINE', area: 'OTHER', startDate: TODAY, frequency: 'ONCE', timeSession: 'MORNING' });
  });

  it('round-trips a stored task with its id', () => {
    const task = {
      taskId: 't9', title: 'Walk', type: 'ROUTINE', area: 'MOBILITY', content: 'Slowly', startDate: TODAY, endDate: '',
      frequency: 'WEEKLY', daysOfWeek: [1, 4], repeatInterval: 0, timeSession: '', timeOfDay: '10:30',
      caregiverId: '', remarks: '', runStatus: 'NORMAL',
    } as unknown as Task;
    expect(taskRequest(taskDraftOf(task))).toEqual({
      taskId: 't9', title: 'Walk', type: 'ROUTINE', area: 'MOBILITY', content: 'Slowly', startDate: TODAY,
      frequency: 'WEEKLY', daysOfWeek: [1, 4], timeOfDay: '10:30', runStatus: 'NORMAL',
    });
  });
});

describe('a medication before Next', () => {
  // The shared rules are tested in lib/care/medicationForm.test.ts; these are the wizard's words for them.
  const ok = { ...emptyMedicationDraft(TODAY), name: 'Metformin', dose: '500 mg' };

  it("words its broken rules the wizard's way", () => {
    expect(validateMedication({ ...emptyMedicationDraft(TODAY), times: [], endDate: '2026-05-01' })).toEqual({
      name: { key: 'residents.validation.required' },
      dose: { key: 'residents.validation.required' },
      endDate: { key: 'movein.validation.endBeforeStart' },
      times: { key: 'movein.validation.timesNeeded' },
    });
    expect(validateMedication({ ...ok, times: ['8 am'] }).times?.key).toBe('care.validation.timeOfDay');
    expect(validateMedication({ ...ok, times: ['08:00', '08:00'] }).times?.key).toBe('movein.validation.timesRepeated');
    expect(validateMedication({ ...ok, startDate: '2026-02-30' }).startDate?.key).toBe('residents.validation.badDate');
    expect(validateMedication({ ...ok, rxNumber: 'x'.repeat(ShortTextMax + 1) }).rxNumber?.key).toBe('residents.validation.maxLength');
  });

  it('sends the order without its list key, times sorted', () => {
    const d = { ...ok, times: ['20:00', '08:00'], rxNumber: ' RX-1 ' };
    expect(medicationRequest(d)).toEqual({ name: 'Metformin', type: 'ROUTINE', dose: '500 mg', route: 'ORAL', startDate: TODAY, rxNumber: 'RX-1', times: ['08:00', '20:00'] });
  });

  it('has words for every field of the form (MEDICATION_WORDS), in every language', () => {
    for (const words of [en.movein.medication, es.movein.medication, zh.movein.medication]) expect(MEDICATION_FIELD_WORDS.filter((w) => !(w in words))).toEqual([]);
  });
});

describe('server problems that name an item', () => {
  it('reads the item from the field name', () => {
    const fields = { 'tasks[2].title': 'must not be empty', 'tasks.0.startDate': 'bad', 'medications[1].dose': 'x', residentId: 'y' };
    expect(itemProblems(fields, 'tasks')).toEqual([
      { index: 0, field: 'startDate', message: 'bad' },
      { index: 2, field: 'title', message: 'must not be empty' },
    ]);
    expect(itemProblems(fields, 'medications')).toEqual([{ index: 1, field: 'dose', message: 'x' }]);
  });

  it('reads the item from the message when no field names it', () => {
    expect(itemNamedIn('Task 3: the title must not be empty')).toBe(2);
    expect(itemNamedIn('Tarea 2: falta el título')).toBe(1);
    expect(itemNamedIn('任务 4：标题不能为空')).toBe(3);
    expect(itemNamedIn('The resident is not moving in')).toBeUndefined();
    expect([...problemIndexes({}, 'tasks', 'Task 1: bad')]).toEqual([0]);
    expect([...problemIndexes({ 'tasks[4]': 'x' }, 'tasks', 'Task 1: bad')]).toEqual([4]);
  });
});

describe('a new person', () => {
  const r = (id: string, firstName: string, lastName: string, dob: string) => ({ residentId: id, firstName, lastName, dob }) as Resident;
  const all = [r('a', 'Rosa', 'Alvarez', '1941-06-02'), r('b', 'Rosa', 'Alvarez', '1950-01-01'), r('c', 'Ana', 'Alvarez', '1941-06-02')];

  it('is someone with another name or date of birth', () => {
    expect(samePerson({ firstName: ' rosa ', lastName: 'ALVAREZ', dob: '1941-06-02' }, all).map((x) => x.residentId)).toEqual(['a']);
    expect(samePerson({ firstName: 'Rosa', lastName: 'Alvarez', dob: '1960-01-01' }, all)).toEqual([]);
  });

  it('is not the resident being moved in', () => {
    expect(samePerson({ firstName: 'Rosa', lastName: 'Alvarez', dob: '1941-06-02' }, all, 'a')).toEqual([]);
  });

  it('needs a new check when the identity changes', () => {
    expect(identityKey({ firstName: 'Rosa ', lastName: 'alvarez', dob: '1941-06-02' })).toBe(identityKey({ firstName: 'rosa', lastName: 'Alvarez', dob: '1941-06-02' }));
  });
});
