import { useMemo, useState } from 'react';
import { Button, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Resident } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { ResidentFields } from '@/components/residents/ResidentFields';
import { isApiError } from '@/lib/api/client';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { useRuleMessage } from '@/lib/form/FormField';
import { FormProblem } from '@/lib/form/FormProblem';
import { useRevealErrors } from '@/lib/form/useReveal';
import { currentLanguage } from '@/lib/i18n';
import {
  draftFromResident,
  emptyResidentDraft,
  localDateString,
  residentRequest,
  serverFieldErrors,
  validateResident,
  type FormErrors,
  type ResidentDraft,
} from '@/lib/residents/residentRules';
import { createResident } from '../api/createResident';
import { residentsKey } from '../api/keys';
import { updateResident } from '../api/updateResident';
import { serverNow } from '@/lib/time/serverClock';

interface ResidentFormDialogProps {
  /** The resident to edit; undefined adds one. */
  resident?: Resident;
  onClose: () => void;
  onSaved: (resident: Resident) => void;
}

/**
 * Add or edit a resident (000 §3 "Resident"; the bounds): names 1–50, room 1–20, phone 10–20,
 * care details up to 1000, background up to 4096, DOB in the past, height/weight with units, language
 * from the list, DNR yes/no/unknown, physician and pharmacy as contacts. The form checks the rules
 * itself; the server's field messages (4022) show under the field they name.
 */
export function ResidentFormDialog({ resident, onClose, onSaved }: ResidentFormDialogProps) {
  const { t } = useTranslation();
  const message = useRuleMessage();
  const today = useMemo(() => localDateString(new Date(serverNow())), []);
  const [draft, setDraft] = useState<ResidentDraft>(() => (resident ? draftFromResident(resident, currentLanguage()) : emptyResidentDraft(currentLanguage())));
  const [errors, setErrors] = useState<FormErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const { formRef, reveal } = useRevealErrors();
  const save = useAppMutation({
    mutationFn: (req: ReturnType<typeof residentRequest>) => (resident ? updateResident(req) : createResident(req)),
    invalidates: [residentsKey],
    success: resident ? 'residents.done.saved' : 'residents.done.added',
    onSuccess: onSaved,
    onError: (err) => {
      if (isApiError(err) && err.code === '7002') setProblem(t('residents.form.limitReached'));
      else if (isApiError(err) && err.code === '4022') {
        const fields = serverFieldErrors(fieldErrors(err));
        setProblem(Object.keys(fields).length > 0 ? t('residents.form.fixErrors') : err.message);
      }
      reveal();
    },
  });
  const server = save.isPending ? {} : serverFieldErrors(fieldErrors(save.error));
  const [photoUrl, setPhotoUrl] = useState<string | undefined>(resident?.avatar?.url || undefined);

  const errorOf = (field: string) => message(errors[field]) ?? server[field];
  const set = (patch: Partial<ResidentDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = () => {
    const found = validateResident(draft, today);
    setErrors(found);
    save.reset();
    setProblem(null);
    if (Object.keys(found).length > 0) {
      setProblem(t('residents.form.fixErrors'));
      reveal();
      return;
    }
    save.mutate(residentRequest(draft, resident?.residentId));
  };

  const name = resident ? resident.name || `${resident.firstName} ${resident.lastName}` : '';
  return (
    <AppDialog
      title={resident ? t('residents.form.editTitle', { name }) : t('residents.form.addTitle')}
      onClose={onClose}
      canOutsideClickClose={false}
      className="hearth-resident-form"
    >
      <form
        ref={formRef}
        noValidate
        data-testid="resident-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogBody>
          <FormProblem message={problem} testId="resident-form-problem" />
          <ResidentFields
            draft={draft}
            onChange={set}
            errorOf={errorOf}
            today={today}
            photoUrl={photoUrl}
            onPhoto={(fileId, url) => {
              set({ avatarFileId: fileId });
              setPhotoUrl(url);
            }}
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose}>{t('common.action.cancel')}</Button>
              <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} data-testid="resident-save">
                {t('residents.form.save')}
              </Button>
            </>
          }
        />
      </form>
    </AppDialog>
  );
}
