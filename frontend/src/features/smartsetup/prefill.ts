// The move-in wizard's starting values from a smart-setup draft (shared/smartsetup.go SmartSetupDraft), and
// where each was read, by the wizard's field id. Values the draft does not hold, or holds in a form the wizard
// cannot take (a date not YYYY-MM-DD, a time not HH:MM), are left for the owner. Tested in prefill.test.ts.
import type { ContactDraft, ResidentDraft } from '@/lib/residents/residentRules';
import { emptyContactDraft } from '@/lib/residents/residentRules';
import { emptyMedicationFields, type MedicationFieldsDraft } from '@/lib/care/medicationForm';
import { newTaskSchedule, type TaskFieldsDraft } from '@/lib/care/taskForm';
import type { SmartSetupDraft, SmartSetupValue } from '@/types/api.gen';
import { AreaOther, MedicationPRN, MedicationRoutine, RouteOral, TaskRoutine } from '@/types/api.gen';

/** A care-plan task as the move-in wizard's list holds one not saved yet. */
export interface ReadTask extends TaskFieldsDraft {
  key: string;
  taskId: string;
  caregiverId: string;
  remarks: string;
  runStatus: string;
}

/** A medication order as the wizard's eMARs list holds one not saved yet (never active before that step saves). */
export interface ReadMedication extends MedicationFieldsDraft {
  key: string;
}

export interface ReadContact {
  key: string;
  contactId: string;
  draft: ContactDraft;
}

/** What the wizard starts from (the movein feature's WizardPrefill, which the page under src/app hands it). */
export interface ReadPrefill {
  resident: Partial<ResidentDraft>;
  tasks?: ReadTask[];
  medications?: ReadMedication[];
  contacts?: ReadContact[];
}

const SESSIONS = ['MORNING', 'MIDDAY', 'AFTERNOON', 'EVENING', 'NIGHT'];
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

let made = 0;
function key(prefix: string): string {
  made += 1;
  return `${prefix}-read-${made}`;
}

/** The profile fields the draft fills, by the draft's name and the wizard's field (its input is `#resident-<field>`). */
const PROFILE_FIELDS = [
  ['firstName', 'firstName'],
  ['lastName', 'lastName'],
  ['dob', 'dob'],
  ['gender', 'gender'],
  ['allergies', 'allergies'],
  ['diagnoses', 'diagnoses'],
  ['diet', 'diet'],
  ['mobility', 'mobility'],
  ['dnr', 'dnr'],
  ['preferences', 'preferences'],
] as const;

function accepted(field: string, value: string): boolean {
  if (value === '') return false;
  if (field === 'dob') return ISO_DATE.test(value);
  if (field === 'gender') return ['FEMALE', 'MALE', 'OTHER'].includes(value);
  if (field === 'dnr') return value === 'YES' || value === 'NO';
  return true;
}

/** The wizard's starting values. `today` is the facility's day (a task or an order starts then). */
export function prefillOf(draft: SmartSetupDraft, today: string): ReadPrefill {
  const resident: Partial<ResidentDraft> = {};
  const p = draft.profile;
  for (const [from, to] of PROFILE_FIELDS) {
    const v = p[from].value.trim();
    if (accepted(from, v)) (resident as Record<string, string>)[to] = v;
  }
  for (const which of ['physician', 'pharmacy'] as const) {
    const name = p[which].value.trim();
    if (name) resident[which] = { name, phone: '', fax: '', email: '', address: '' };
  }
  const tasks = (draft.tasks ?? []).filter((t) => t.title.value.trim()).map((t): ReadTask => {
    const session = t.session.value.trim();
    return {
      key: key('task'),
      taskId: '',
      title: t.title.value.trim(),
      type: TaskRoutine,
      area: AreaOther,
      content: t.details.value.trim(),
      startDate: today,
      endDate: '',
      schedule: SESSIONS.includes(session) ? { ...newTaskSchedule(), timeSession: session } : newTaskSchedule(),
      caregiverId: '',
      remarks: '',
      runStatus: '',
    };
  });
  const medications = (draft.medications ?? []).filter((m) => m.name.value.trim()).map((m): ReadMedication => {
    const prn = m.prn.value === 'true';
    const times = m.times.value.split(',').map((s) => s.trim()).filter((s) => HHMM.test(s));
    const hold = m.hold.value.trim();
    return {
      ...emptyMedicationFields(today),
      key: key('medication'),
      name: m.name.value.trim(),
      type: prn ? MedicationPRN : MedicationRoutine,
      // Empty when the papers did not say it surely: the owner fills it (never guessed).
      dose: m.dose.value.trim(),
      frequency: m.frequency.value.trim(),
      // The route as written stays in its source note; the wizard's list starts at its default (by mouth).
      route: RouteOral,
      instructions: hold,
      times: prn ? [] : times,
    };
  });
  const contacts = (draft.contacts ?? []).filter((c) => c.name.value.trim()).map((c): ReadContact => ({
    key: key('contact'),
    contactId: '',
    draft: {
      ...emptyContactDraft(),
      name: c.name.value.trim(),
      relationship: c.relationship.value.trim(),
      phone: c.phone.value.trim(),
      email: c.email.value.trim(),
    },
  }));
  const out: ReadPrefill = { resident };
  if (tasks.length > 0) out.tasks = tasks;
  if (medications.length > 0) out.medications = medications;
  if (contacts.length > 0) out.contacts = contacts;
  return out;
}

/** Where each prefilled profile value was read, by the wizard's field id (`resident-dob`, `resident-physician-name`). */
export function profileSources(draft: SmartSetupDraft): Record<string, SmartSetupValue> {
  const out: Record<string, SmartSetupValue> = {};
  const p = draft.profile;
  for (const [from, to] of PROFILE_FIELDS) if (accepted(from, p[from].value.trim())) out[`resident-${to}`] = p[from];
  if (p.physician.value.trim()) out['resident-physician-name'] = p.physician;
  if (p.pharmacy.value.trim()) out['resident-pharmacy-name'] = p.pharmacy;
  return out;
}
