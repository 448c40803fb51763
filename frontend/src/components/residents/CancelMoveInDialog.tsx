import { useState } from 'react';
import { Button, Callout, DialogBody, DialogFooter, Intent, TextArea } from '@blueprintjs/core';
import { WarningSignIcon } from '@blueprintjs/icons';
import type { QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '@/components/AppDialog';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { isApiError } from '@/lib/api/client';
import { useAppMutation } from '@/lib/api/mutation';
import { FormField, useRuleMessage } from '@/lib/form/FormField';
import { cancelCheckIn } from '@/lib/residents/api/cancelCheckIn';
import { SUB_DETAILS_MAX, validateCancelMoveIn, type FormErrors } from '@/lib/residents/residentRules';

interface CancelMoveInDialogProps {
  residentId: string;
  name: string;
  /** The query keys to refetch once cancelled (or once the server says the move-in is gone or complete). */
  invalidates: readonly QueryKey[];
  onClose: () => void;
  /** After the cancel, once the invalidated queries have their new data. */
  onCancelled: () => void;
}

/**
 * Abandons a move-in not yet complete (the family chose another home, it was started twice): asks why, says the
 * resident will no longer show anywhere, and sends cancelCheckIn. Used by the resident list's Move-ins in progress
 * and by the move-in wizard; the strings are the residents feature's, which both pages load.
 */
export function CancelMoveInDialog({ residentId, name, invalidates, onClose, onCancelled }: CancelMoveInDialogProps) {
  const { t } = useTranslation();
  const message = useRuleMessage();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const cancel = useAppMutation({
    mutationFn: () => cancelCheckIn({ residentId, reason: reason.trim() }),
    invalidates,
    success: 'residents.done.moveInCancelled',
    onSuccess: onCancelled,
    // Gone (4004) or completed meanwhile (4009): the client has said so; what the screen shows is stale.
    onError: (err) => {
      if (isApiError(err) && (err.code === '4004' || err.code === '4009')) onCancelled();
    },
  });
  const server = cancel.isPending ? {} : fieldErrors(cancel.error, 'reason');
  const reasonError = message(errors.reason) ?? server.reason;

  const submit = () => {
    const found = validateCancelMoveIn(reason);
    setErrors(found);
    cancel.reset();
    if (Object.keys(found).length > 0) return;
    cancel.mutate();
  };

  return (
    <AppDialog title={t('residents.moveIn.cancelTitle', { name })} onClose={onClose} canOutsideClickClose={false}>
      <form
        noValidate
        data-testid="cancel-move-in-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogBody>
          <Callout intent={Intent.WARNING} icon={<WarningSignIcon />} className="hearth-gap-bottom">
            {t('residents.moveIn.cancelWarning', { name })}
          </Callout>
          <FormField
            id="cancel-move-in-reason"
            label={t('residents.moveIn.cancelReason')}
            required
            error={reasonError}
            hint={t('residents.moveIn.cancelReasonHint')}
          >
            <TextArea
              id="cancel-move-in-reason"
              fill
              required
              autoFocus
              rows={3}
              value={reason}
              maxLength={SUB_DETAILS_MAX}
              intent={reasonError ? Intent.DANGER : Intent.NONE}
              aria-invalid={reasonError ? true : undefined}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
          </FormField>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose} disabled={cancel.isPending}>
                {t('residents.moveIn.keep')}
              </Button>
              <Button type="submit" intent={Intent.DANGER} loading={cancel.isPending} data-testid="cancel-move-in-confirm">
                {t('residents.moveIn.cancelConfirm')}
              </Button>
            </>
          }
        />
      </form>
    </AppDialog>
  );
}
