import type { ReactNode, RefObject } from 'react';
import { Button, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '@/components/AppDialog';
import { FormProblem } from '@/lib/form/FormProblem';

interface ItemDialogProps {
  /** The list's item: the form is `movein-<kind>-form`, its button `movein-<kind>-done`. */
  kind: 'task' | 'medication';
  title: string;
  formRef: RefObject<HTMLFormElement | null>;
  problem: string | undefined;
  /** The button that puts the item in the list: "Add to the care plan", or "Keep changes" for one already there. */
  doneText: string;
  onClose: () => void;
  /** Checks the item and, when it is right, hands it to the step. */
  onSubmit: () => void;
  children: ReactNode;
}

/**
 * One item of a step's list being written (a task, a medication): its fields, the problem at the top,
 * Cancel and the button that keeps it. The list is saved with the step.
 */
export function ItemDialog({ kind, title, formRef, problem, doneText, onClose, onSubmit, children }: ItemDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog title={title} onClose={onClose} canOutsideClickClose={false} className="hearth-movein-dialog">
      <form
        ref={formRef}
        noValidate
        data-testid={`movein-${kind}-form`}
        onSubmit={(e) => {
          // The dialog is a portal inside the step's form: its submit must not reach the step.
          e.preventDefault();
          e.stopPropagation();
          onSubmit();
        }}
      >
        <DialogBody>
          <FormProblem message={problem} />
          {children}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose}>{t('common.action.cancel')}</Button>
              <Button type="submit" intent={Intent.PRIMARY} data-testid={`movein-${kind}-done`}>
                {doneText}
              </Button>
            </>
          }
        />
      </form>
    </AppDialog>
  );
}
