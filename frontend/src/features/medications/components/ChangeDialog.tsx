import { useState } from 'react';
import { Button, Callout, DialogBody, DialogFooter, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FileItem, Medication } from '@/types/api.gen';
import { PassLogMaxAgeDays, PassReasonMax, PersonNameMax } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { DateInput } from '@/components/DateInput';
import { DateTimeInput } from '@/components/DateTimeInput';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { deleteFile } from '@/lib/files/api/deleteFile';
import { useAppMutation } from '@/lib/api/mutation';
import { FormField, useRuleMessage } from '@/lib/form/FormField';
import { FormProblem } from '@/lib/form/FormProblem';
import { useRevealErrors } from '@/lib/form/useReveal';
import { changeOrder, discontinueOrder } from '../api/changeOrder';
import { orderChangeKeys } from '../api/keys';
import { validateChange, type ChangeDraft, type ChangeKind } from '../changeRules';
import { VerificationFileField } from './VerificationFileField';
import { serverNow } from '@/lib/time/serverClock';

interface ChangeDialogProps {
  kind: ChangeKind;
  /** The orders it changes: one, or several discontinued at once when a plan edit is confirmed. */
  orders: Medication[];
  /** Today in the facility's zone (YYYY-MM-DD), and its IANA zone for the end time. */
  today: string;
  zone: string | undefined;
  onClose: () => void;
  /** After a success (all of them). */
  onDone?: () => void;
}

const TITLES = {
  hold: 'medications.change.titleHold',
  resume: 'medications.change.titleResume',
  restore: 'medications.change.titleRestore',
  discontinue: 'medications.change.titleDiscontinue',
} as const;
const EXPLAIN = {
  hold: 'medications.change.explainHold',
  resume: 'medications.change.explainResume',
  restore: 'medications.change.explainRestore',
  discontinue: 'medications.change.explainDiscontinue',
} as const;
const SAVE = {
  hold: 'medications.change.saveHold',
  resume: 'medications.change.saveResume',
  restore: 'medications.change.saveRestore',
  discontinue: 'medications.change.saveDiscontinue',
} as const;
const DONE = {
  hold: 'medications.done.held',
  resume: 'medications.done.resumed',
  restore: 'medications.done.restored',
  discontinue: 'medications.done.discontinued',
} as const;

/**
 * A prescriber's change of an order other than an edit (spec 000 §4, WAC 388-76-10475: the date, the logged
 * call and the written verification): hold, resume, restore a discontinued order, or discontinue from an
 * end time (now, or up to 7 days back). Several orders are discontinued one after the other with the same
 * words; one that fails stops the rest and says which.
 */
export function ChangeDialog({ kind, orders, today, zone, onClose, onDone }: ChangeDialogProps) {
  const { t } = useTranslation();
  const message = useRuleMessage();
  const { formRef, reveal } = useRevealErrors();
  const [draft, setDraft] = useState<ChangeDraft>(() => ({
    reason: '',
    prescriber: orders.length === 1 ? orders[0].physician : '',
    changeDate: today,
    endTime: '',
  }));
  const [file, setFile] = useState<FileItem | null>(null);
  const [done, setDone] = useState<string[]>([]);
  // Closed before anything was saved: the written order uploaded for it is not kept.
  const cancel = () => {
    if (file && done.length === 0) void deleteFile({ fileId: file.fileId }).catch(() => undefined);
    onClose();
  };
  const [errors, setErrors] = useState<Record<string, { key: string; values?: Record<string, unknown> }>>({});
  const set = (patch: Partial<ChangeDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k];
      return next;
    });
  };

  const run = useAppMutation({
    mutationFn: async (d: ChangeDraft) => {
      const common = {
        reason: d.reason.trim(),
        prescriber: d.prescriber.trim() || undefined,
        changeDate: d.changeDate || undefined,
        verificationFileId: file?.fileId,
      };
      for (const o of orders) {
        if (done.includes(o.medicationId)) continue;
        if (kind === 'discontinue') {
          const end = d.endTime ? validateChange(d, kind, serverNow(), zone).endMs : 0;
          await discontinueOrder({ medicationId: o.medicationId, endTime: end ?? 0, ...common });
        } else {
          await changeOrder(kind, { medicationId: o.medicationId, ...common });
        }
        setDone((list) => [...list, o.medicationId]);
      }
    },
    invalidates: orderChangeKeys,
    success: DONE[kind],
    onSuccess: () => {
      onDone?.();
      onClose();
    },
    onError: () => reveal(),
  });
  const server = run.isPending ? {} : fieldErrors(run.error);
  const err = (field: keyof ChangeDraft) => message(errors[field]) ?? server[field];
  const failed = run.error ? orders.find((o) => !done.includes(o.medicationId)) : undefined;

  return (
    <AppDialog
      title={orders.length > 1 ? t('medications.change.titleMany', { count: orders.length }) : t(TITLES[kind], { name: orders[0]?.name ?? '' })}
      onClose={cancel}
      className="hearth-med-dialog"
    >
      <form
        ref={formRef}
        noValidate
        data-testid="change-form"
        data-kind={kind}
        onSubmit={(e) => {
          e.preventDefault();
          const found = validateChange(draft, kind, serverNow(), zone).errors;
          setErrors(found);
          run.reset();
          if (Object.keys(found).length > 0) {
            reveal();
            return;
          }
          run.mutate(draft);
        }}
      >
        <DialogBody>
          <FormProblem message={Object.keys(errors).length > 0 ? t('medications.form.fixErrors') : undefined} />
          {failed && orders.length > 1 ? (
            <Callout intent={Intent.DANGER} compact role="alert" className="hearth-gap-bottom" data-testid="change-partial">
              {t('medications.change.partial', { done: done.length, name: failed.name })}
            </Callout>
          ) : null}
          <p>{t(EXPLAIN[kind])}</p>
          <ul className="hearth-med-change-list" data-testid="change-orders">
            {orders.map((o) => (
              <li key={o.medicationId}>
                <strong>{o.name}</strong> {o.dose}
                {done.includes(o.medicationId) ? <span className="hearth-muted"> · {t('medications.change.doneOne')}</span> : null}
              </li>
            ))}
          </ul>
          <div className="hearth-form-grid">
            <FormField id="change-reason" label={t('medications.change.reason')} required error={err('reason')} hint={t('medications.change.reasonHint')} className="hearth-form-wide">
              <TextArea
                id="change-reason"
                fill
                autoResize
                rows={2}
                required
                maxLength={PassReasonMax}
                value={draft.reason}
                intent={err('reason') ? Intent.DANGER : Intent.NONE}
                onChange={(e) => set({ reason: e.currentTarget.value })}
                data-testid="change-reason"
              />
            </FormField>
            <FormField id="change-prescriber" label={t('medications.change.prescriber')} error={err('prescriber')}>
              <InputGroup
                id="change-prescriber"
                maxLength={PersonNameMax}
                value={draft.prescriber}
                intent={err('prescriber') ? Intent.DANGER : Intent.NONE}
                onChange={(e) => set({ prescriber: e.currentTarget.value })}
                data-testid="change-prescriber"
              />
            </FormField>
            <FormField id="change-date" label={t('medications.change.date')} error={err('changeDate')}>
              <DateInput id="change-date" value={draft.changeDate} intent={err('changeDate') ? Intent.DANGER : Intent.NONE} onChange={(changeDate) => set({ changeDate })} />
            </FormField>
            {kind === 'discontinue' ? (
              <FormField
                id="change-end"
                label={t('medications.change.endTime')}
                error={err('endTime')}
                hint={t('medications.change.endHint', { days: PassLogMaxAgeDays })}
                className="hearth-form-wide"
              >
                <DateTimeInput
                  id="change-end"
                  label={t('medications.change.endTime')}
                  value={draft.endTime}
                  intent={err('endTime') ? Intent.DANGER : Intent.NONE}
                  onChange={(endTime) => set({ endTime })}
                />
              </FormField>
            ) : null}
            <VerificationFileField id="change-file" file={file} onChange={setFile} />
          </div>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={cancel}>{t('medications.form.cancel')}</Button>
              <Button type="submit" intent={kind === 'discontinue' ? Intent.DANGER : Intent.PRIMARY} loading={run.isPending} data-testid="change-save">
                {t(SAVE[kind])}
              </Button>
            </>
          }
        />
      </form>
    </AppDialog>
  );
}
