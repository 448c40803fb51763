import { useState } from 'react';
import { Button, Callout, DialogBody, DialogFooter, InputGroup, Intent } from '@blueprintjs/core';
import { WarningSignIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { Resident } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { deceased } from '../api/deceased';
import { residentsKey } from '../api/keys';
import { moveOut } from '../api/moveOut';
import { codesOf, DESTINATION_KEYS, labelOf } from '@/lib/residents/residentLabels';
import { DESTINATION_OTHER_MAX, nameMatches, validateMoveOut, type FormErrors } from '@/lib/residents/residentRules';
import { FormField, useRuleMessage } from '@/lib/form/FormField';
import { Select } from '@/components/Select';

export type FinalStatus = 'moveOut' | 'deceased';

interface FinalStatusDialogProps {
  kind: FinalStatus;
  resident: Resident;
  onClose: () => void;
  onDone: () => void;
}

/**
 * Move out (with a destination) or deceased: both are final (spec 000 §4), so the dialog says it cannot
 * be undone and the confirm button stays off until the resident's name is retyped exactly (§5).
 */
export function FinalStatusDialog({ kind, resident, onClose, onDone }: FinalStatusDialogProps) {
  const { t } = useTranslation();
  const message = useRuleMessage();
  const [destination, setDestination] = useState('');
  const [other, setOther] = useState('');
  const [typed, setTyped] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const save = useAppMutation({
    mutationFn: () =>
      kind === 'moveOut'
        ? moveOut({
            residentId: resident.residentId,
            destination,
            destinationOther: destination === 'OTHER' ? other.trim() : '',
            confirmName: typed.trim(),
          })
        : deceased({ residentId: resident.residentId, confirmName: typed.trim() }),
    invalidates: [residentsKey],
    success: kind === 'moveOut' ? 'residents.done.movedOut' : 'residents.done.deceased',
    onSuccess: onDone,
  });
  // A refusal naming no field shows under the retyped name.
  const server = save.isPending ? {} : fieldErrors(save.error, 'confirmName');
  const name = resident.name;
  const matches = nameMatches(typed, name);

  const submit = () => {
    if (!matches) return;
    const found = kind === 'moveOut' ? validateMoveOut(destination, other) : {};
    setErrors(found);
    save.reset();
    if (Object.keys(found).length > 0) return;
    save.mutate();
  };

  const destinationError = message(errors.destination) ?? server.destination;
  const otherError = message(errors.destinationOther) ?? server.destinationOther;
  const nameError = server.confirmName;
  return (
    <AppDialog
      title={kind === 'moveOut' ? t('residents.final.moveOutTitle', { name }) : t('residents.final.deceasedTitle', { name })}
      onClose={onClose}
      canOutsideClickClose={false}
    >
      <form
        noValidate
        data-testid="final-status-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogBody>
          <Callout intent={Intent.DANGER} icon={<WarningSignIcon />} className="hearth-gap-bottom" data-testid="final-warning">
            {t('residents.final.warning')}
          </Callout>
          {kind === 'moveOut' ? (
            <>
              <FormField id="final-destination" label={t('residents.final.destination')} error={destinationError}>
                <Select
                  id="final-destination"
                  fill
                  value={destination}
                  autoFocus
                  aria-invalid={destinationError ? true : undefined}
                  onChange={(e) => setDestination(e.currentTarget.value)}
                  options={[
                    { value: '', label: t('residents.final.chooseDestination') },
                    ...codesOf(DESTINATION_KEYS).map((c) => ({ value: c, label: labelOf(t, DESTINATION_KEYS, c) })),
                  ]}
                />
              </FormField>
              {destination === 'OTHER' ? (
                <FormField id="final-destination-other" label={t('residents.final.destinationOther')} error={otherError}>
                  <InputGroup
                    id="final-destination-other"
                    value={other}
                    maxLength={DESTINATION_OTHER_MAX}
                    intent={otherError ? Intent.DANGER : Intent.NONE}
                    onChange={(e) => setOther(e.currentTarget.value)}
                  />
                </FormField>
              ) : null}
            </>
          ) : null}
          <FormField
            id="final-confirm-name"
            label={t('residents.final.retype', { name })}
            error={nameError}
            hint={typed !== '' && !matches ? t('residents.final.mismatch') : undefined}
          >
            <InputGroup
              id="final-confirm-name"
              value={typed}
              autoComplete="off"
              autoFocus={kind === 'deceased'}
              intent={nameError ? Intent.DANGER : Intent.NONE}
              onChange={(e) => setTyped(e.currentTarget.value)}
            />
          </FormField>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose}>{t('common.action.cancel')}</Button>
              <Button type="submit" intent={Intent.DANGER} disabled={!matches} loading={save.isPending} data-testid="final-confirm">
                {kind === 'moveOut' ? t('residents.final.moveOutConfirm') : t('residents.final.deceasedConfirm')}
              </Button>
            </>
          }
        />
      </form>
    </AppDialog>
  );
}
