import { useTranslation } from 'react-i18next';
import { MedicationFields } from '@/components/care/MedicationFields';
import { useDraftForm } from '@/lib/form/useDraftForm';
import { MEDICATION_WORDS, validateMedication, type MedicationDraft } from '../medicationDraft';
import { ItemDialog } from './ItemDialog';

interface MedicationFormDialogProps {
  medication: MedicationDraft;
  isNew: boolean;
  onClose: () => void;
  onDone: (medication: MedicationDraft) => void;
}

/**
 * A medication order (000 §3 "Medication"): the shared order fields (components/care/MedicationFields). It
 * joins the step's list; the list is saved with Next.
 */
export function MedicationFormDialog({ medication, isNew, onClose, onDone }: MedicationFormDialogProps) {
  const { t } = useTranslation();
  const { draft, set, errorOf, check, problem, formRef } = useDraftForm(medication, { validate: validateMedication, problem: t('residents.form.fixErrors') });
  return (
    <ItemDialog
      kind="medication"
      title={isNew ? t('movein.medication.addTitle') : t('movein.medication.editTitle')}
      formRef={formRef}
      problem={problem}
      doneText={isNew ? t('movein.medication.add') : t('movein.task.keep')}
      onClose={onClose}
      onSubmit={() => {
        if (check()) onDone(draft);
      }}
    >
      <MedicationFields idPrefix="med" words={MEDICATION_WORDS} draft={draft} onChange={set} errorOf={errorOf} timesClassName="hearth-movein-times" />
    </ItemDialog>
  );
}
