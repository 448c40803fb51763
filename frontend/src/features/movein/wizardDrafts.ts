// What the wizard holds while it is open: one draft per step, made from what the move-in saved (getCheckIn)
// and replaced by the server's answer when the step saves; Back and the step indicator keep them.
import type { CheckIn, CheckInStep, ResidentContact } from '@/types/api.gen';
import { StepCarePlan, StepContacts, StepMedications, StepProfile } from '@/types/api.gen';
import { contactDraftOf, draftFromResident, emptyResidentDraft, type ContactDraft, type ResidentDraft } from '@/lib/residents/residentRules';
import { medicationDraftOf, type MedicationDraft } from './medicationDraft';
import { reachedStep, stepIndex } from './moveInSteps';
import { newKey, taskDraftOf, type TaskDraft } from './taskDraft';

export interface ContactItem {
  key: string;
  contactId: string;
  draft: ContactDraft;
}

export interface WizardDrafts {
  resident: ResidentDraft;
  photoUrl: string | undefined;
  tasks: TaskDraft[];
  medications: MedicationDraft[];
  contacts: ContactItem[];
  /** Documents chosen on a step, sent with its save. */
  files: Partial<Record<CheckInStep, File[]>>;
}

export function contactItemOf(c: ResidentContact): ContactItem {
  return { key: c.contactId || newKey('contact'), contactId: c.contactId, draft: contactDraftOf(c) };
}

/** The drafts of a move-in as saved (or empty ones before it starts). */
export function draftsOf(checkIn: CheckIn | undefined, language: string): WizardDrafts {
  if (!checkIn) {
    return { resident: emptyResidentDraft(language), photoUrl: undefined, tasks: [], medications: [], contacts: [], files: {} };
  }
  return {
    resident: draftFromResident(checkIn.resident, language),
    photoUrl: checkIn.resident.avatar?.url || undefined,
    tasks: (checkIn.tasks ?? []).map(taskDraftOf),
    medications: (checkIn.medications ?? []).map(medicationDraftOf),
    contacts: (checkIn.contacts ?? []).map(contactItemOf),
    files: {},
  };
}

/** After a step saved: that step's draft becomes what the server stored (with its ids); its documents are sent. */
export function afterSave(drafts: WizardDrafts, step: CheckInStep, saved: CheckIn, language: string): WizardDrafts {
  const fresh = draftsOf(saved, language);
  const next: WizardDrafts = { ...drafts, files: { ...drafts.files, [step]: [] } };
  if (step === 'confirm' || step === 'profile') {
    next.resident = fresh.resident;
    next.photoUrl = fresh.photoUrl;
  }
  if (step === 'care-plan') next.tasks = fresh.tasks;
  if (step === 'emars') next.medications = fresh.medications;
  if (step === 'contacts') next.contacts = fresh.contacts;
  return next;
}

/** Values a host gives the wizard to start from (smart setup: what was read in the resident's papers). */
export interface WizardPrefill {
  resident?: Partial<ResidentDraft>;
  tasks?: TaskDraft[];
  medications?: MedicationDraft[];
  contacts?: ContactItem[];
}

/**
 * The drafts with a host's prefill, for the steps the move-in has not saved yet: a saved step keeps what it
 * saved (the owner may have changed or cleared a value); on the resident, a prefilled value fills only a field
 * still empty, so the name and date of birth saved at "confirm" stay as saved.
 */
export function withPrefill(drafts: WizardDrafts, prefill: WizardPrefill | undefined, checkIn: Pick<CheckIn, 'step' | 'completed'> | undefined): WizardDrafts {
  if (!prefill || checkIn?.completed) return drafts;
  const reached = stepIndex(reachedStep(checkIn));
  const open = (step: CheckInStep) => stepIndex(step) >= reached;
  const next = { ...drafts };
  if (prefill.resident && open(StepProfile)) {
    const resident = { ...drafts.resident };
    const fresh = !checkIn;
    for (const [field, value] of Object.entries(prefill.resident) as [keyof ResidentDraft, ResidentDraft[keyof ResidentDraft]][]) {
      const now = resident[field];
      const empty = typeof now === 'string' ? now.trim() === '' : typeof now === 'object' && Object.values(now).every((v) => v === '');
      // Before the move-in exists every field is the prefill's (the form's own defaults, such as gender, give way).
      if (empty || fresh) (resident as Record<string, unknown>)[field] = value;
    }
    next.resident = resident;
  }
  if (prefill.tasks && open(StepCarePlan) && drafts.tasks.length === 0) next.tasks = prefill.tasks;
  if (prefill.medications && open(StepMedications) && drafts.medications.length === 0) next.medications = prefill.medications;
  if (prefill.contacts && open(StepContacts) && drafts.contacts.length === 0) next.contacts = prefill.contacts;
  return next;
}
