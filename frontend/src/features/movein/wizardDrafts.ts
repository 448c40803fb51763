// What the wizard holds while it is open: one draft per step, made from what the move-in saved (getCheckIn)
// and replaced by the server's answer when the step saves; Back and the step indicator keep them.
import type { CheckIn, CheckInStep, ResidentContact } from '@/types/api.gen';
import { contactDraftOf, draftFromResident, emptyResidentDraft, type ContactDraft, type ResidentDraft } from '@/lib/residents/residentRules';
import { medicationDraftOf, type MedicationDraft } from './medicationDraft';
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
