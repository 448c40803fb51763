// Records as the server answers them, for render tests: the fields a screen does not look at keep plain
// values, the test names the ones it does.
import { ianaZone } from '@/lib/time/dateTime';
import { epochToZonedWall } from '@/lib/time/zone';
import type { EmarResident, Medication, MedPass } from '@/types/api.gen';

/** A current routine order (Lisinopril 10 mg by mouth at 08:00) of resident r-ruth. */
export function medication(part: Partial<Medication> = {}): Medication {
  const base = {
    medicationId: 'med-lisinopril',
    residentId: 'r-ruth',
    name: 'Lisinopril',
    type: 'ROUTINE',
    dose: '10 mg',
    frequency: 'Once a day',
    route: 'ORAL',
    instructions: '',
    diagnosis: '',
    rxNumber: '',
    physician: 'Dr. Lee',
    startDate: '2026-01-01',
    endDate: '',
    times: ['08:00'],
    status: 'CURRENT',
    createTime: Date.UTC(2026, 0, 1, 17),
    updateTime: Date.UTC(2026, 0, 1, 17),
    version: 1,
    updatedByName: 'Elena Martinez',
    controlled: false,
    vital: '',
    slidingScale: [],
    siteRequired: false,
    onHold: false,
    holdReason: '',
    holdTime: 0,
    endTime: 0,
    stopReason: '',
  };
  return { ...base, ...part } as Medication;
}

/** An unlogged scheduled pass of that order, due `dueInMinutes` from now (its window is open). */
export function medPass(part: Partial<MedPass> = {}, dueInMinutes = 10): MedPass {
  const dueTime = Date.now() + dueInMinutes * 60_000;
  return {
    passId: 'pass-1',
    medicationId: 'med-lisinopril',
    residentId: 'r-ruth',
    residentName: 'Ruth Baker',
    medicationName: 'Lisinopril',
    medicationType: 'ROUTINE',
    route: 'ORAL',
    dose: '10 mg',
    kind: 'SCHEDULED',
    day: '',
    // The server's time of day is the due time on the facility's clock (the test facility is on PT), so the
    // pass sits in the routine session of its due time whatever the hour the test runs at.
    timeOfDay: epochToZonedWall(dueTime, ianaZone('PT')).slice(11),
    dueTime,
    status: 'DUE',
    colour: 'blue',
    warned: false,
    late: false,
    ...part,
  };
}

/** Ruth Baker, room 4, with the given orders and passes. */
export function emarResident(medications: Medication[], passes: MedPass[], part: Partial<EmarResident> = {}): EmarResident {
  return {
    residentId: 'r-ruth',
    name: 'Ruth Baker',
    room: '4',
    allergies: 'Penicillin',
    avatarFileId: '',
    avatarUrl: '',
    assistanceLevel: 'ADMINISTRATION',
    redCount: 0,
    medications,
    passes,
    ...part,
  };
}
