import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckIn } from '@/types/api.gen';
import { ResidentFields } from '@/components/residents/ResidentFields';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useRuleMessage } from '@/lib/form/FormField';
import { residentRequest, serverFieldErrors, validateResident, type FormErrors, type ResidentDraft } from '@/lib/residents/residentRules';
import { createResidentForCheckIn } from '../api/createResidentForCheckIn';
import { useStepSave } from '../useStepSave';
import { StepForm, type StepDocuments } from './StepForm';

interface ProfileStepProps extends StepDocuments {
  residentId: string;
  draft: ResidentDraft;
  onChange: (patch: Partial<ResidentDraft>) => void;
  photoUrl: string | undefined;
  onPhoto: (fileId: string, url: string | undefined) => void;
  today: string;
  onBack: () => void;
  onSaved: (checkIn: CheckIn) => void;
}

/** Step 2, profile: the rest of the resident's record (health, care details, physician, pharmacy, background). */
export function ProfileStep(props: ProfileStepProps) {
  const { t } = useTranslation();
  const message = useRuleMessage();
  const [errors, setErrors] = useState<FormErrors>({});
  const step = useStepSave({
    save: (input: { draft: ResidentDraft; files: File[] }) => createResidentForCheckIn(residentRequest(input.draft, props.residentId), input.files),
    success: 'movein.done.profileSaved',
    onSaved: props.onSaved,
  });
  const server = step.mutation.isPending ? {} : serverFieldErrors(fieldErrors(step.mutation.error));
  const errorOf = (field: string) => message(errors[field]) ?? server[field];

  const submit = () => {
    const found = validateResident(props.draft, props.today);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      step.refuse(t('residents.form.fixErrors'));
      return;
    }
    step.start({ draft: props.draft, files: props.files });
  };

  return (
    <StepForm
      title={t('movein.step.profile')}
      hint={t('movein.profile.hint')}
      step={step}
      onSubmit={submit}
      onBack={props.onBack}
      testId="movein-profile"
      documents={props}
      documentsHint={t('movein.documents.profileHint')}
    >
      <ResidentFields
        draft={props.draft}
        onChange={props.onChange}
        errorOf={errorOf}
        today={props.today}
        parts="details"
        photoUrl={props.photoUrl}
        onPhoto={props.onPhoto}
      />
    </StepForm>
  );
}
