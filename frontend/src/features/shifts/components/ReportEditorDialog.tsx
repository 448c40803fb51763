import { useEffect, useRef, useState } from 'react';
import { Button, Callout, DialogBody, DialogFooter, Intent, TextArea } from '@blueprintjs/core';
import { ImportIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { SaveShiftReportRequest, ShiftReport, ShiftReportPrefillItem } from '@/types/api.gen';
import { ShiftReportSectionMax } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { DateInput } from '@/components/DateInput';
import { Select } from '@/components/Select';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { FormField, useRuleMessage } from '@/lib/form/FormField';
import { FormProblem } from '@/lib/form/FormProblem';
import { useRevealErrors } from '@/lib/form/useReveal';
import { currentLanguage } from '@/lib/i18n';
import { formatTime } from '@/lib/time/dateTime';
import { reportsKey } from '../api/keys';
import { prefillReport, saveReport, submitReport } from '../api/reports';
import { emptyReport, mergePrefill, prefillSections, reportDraft } from '../reportText';
import { labelOf, PREFILL_KEYS } from '../shiftLabels';
import { REPORT_SECTIONS, validateReport, type ReportDraft, type ReportErrors, type ReportSection } from '../shiftRules';
import { serverNow } from '@/lib/time/serverClock';

export const SECTION_KEYS: Record<ReportSection, 'shifts.report.section.residentsOfConcern' | 'shifts.report.section.medsGivenHeld' | 'shifts.report.section.incidents' | 'shifts.report.section.tasksLeftOpen' | 'shifts.report.section.freeText'> = {
  residentsOfConcern: 'shifts.report.section.residentsOfConcern',
  medsGivenHeld: 'shifts.report.section.medsGivenHeld',
  incidents: 'shifts.report.section.incidents',
  tasksLeftOpen: 'shifts.report.section.tasksLeftOpen',
  freeText: 'shifts.report.section.freeText',
};

/** How long after the author's last keystroke the draft is saved by itself. */
const AUTOSAVE_MS = 3000;

export interface ShiftChoice {
  shiftTypeId: string;
  name: string;
}

interface Props {
  /** A draft of the reader's to go on with; undefined for a new report. */
  report?: ShiftReport;
  /** The new report's shift: the day and the shift type the caregiver worked (or today). */
  start: { shiftDate: string; shiftTypeId: string };
  today: string;
  zoneCode: string | undefined;
  shiftChoices: ShiftChoice[];
  onClose: () => void;
}

/**
 * Writing a shift report (spec 000 §4 DRAFT → SUBMIT): the day and shift, the hand-over sections prefilled
 * from the day's data (held or refused meds, open tasks, residents of concern) and free text. The draft saves
 * itself a few seconds after the author's last edit (and with Save draft), staying the author's; Submit asks
 * first, as it goes to every caregiver and the owner and is then final.
 */
export function ReportEditorDialog({ report, start, today, zoneCode, shiftChoices, onClose }: Props) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const message = useRuleMessage();
  const { formRef, reveal } = useRevealErrors();
  const [saved, setSaved] = useState<ShiftReport | undefined>(report);
  const [draft, setDraft] = useState<ReportDraft>(() => (report ? reportDraft(report) : emptyReport(start.shiftDate, start.shiftTypeId)));
  const [errors, setErrors] = useState<ReportErrors>({});
  const [filled, setFilled] = useState<string[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  // The author's own edits start the autosave (a prefill alone saves nothing: no stray drafts).
  const [edits, setEdits] = useState(0);
  const [autosavedAt, setAutosavedAt] = useState<number | null>(null);
  const set = (patch: Partial<ReportDraft>) => {
    setEdits((n) => n + 1);
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e, body: undefined };
      for (const k of Object.keys(patch)) delete next[k as keyof ReportErrors];
      return next;
    });
  };

  const request = (d: ReportDraft): SaveShiftReportRequest => ({
    ...(saved ? { reportId: saved.reportId, version: saved.version } : {}),
    shiftDate: d.shiftDate,
    ...(d.shiftTypeId ? { shiftTypeId: d.shiftTypeId } : {}),
    residentsOfConcern: d.residentsOfConcern,
    medsGivenHeld: d.medsGivenHeld,
    incidents: d.incidents,
    tasksLeftOpen: d.tasksLeftOpen,
    freeText: d.freeText,
  });
  const line = (i: ShiftReportPrefillItem) => {
    const words = t(PREFILL_KEYS[i.kind as keyof typeof PREFILL_KEYS] ?? PREFILL_KEYS.CONCERN, {
      resident: i.residentName,
      title: i.title,
      time: i.time ? formatTime(i.time, zoneCode, language) : '',
    });
    return i.detail ? `${words} — ${i.detail}` : words;
  };
  const prefill = useAppMutation({
    mutationFn: (d: ReportDraft) => prefillReport({ shiftDate: d.shiftDate, ...(d.shiftTypeId ? { shiftTypeId: d.shiftTypeId } : {}) }),
    onSuccess: (p) => {
      const sections = prefillSections(p, line, (n) => t('shifts.report.medsGiven', { n }));
      setDraft((d) => {
        const merged = mergePrefill(d, sections);
        setFilled(merged.filled.map((s) => labelOf(t, SECTION_KEYS, s)));
        return merged.draft;
      });
    },
  });
  // A new report starts from the day's data.
  const started = useRef(false);
  useEffect(() => {
    if (report || started.current) return;
    started.current = true;
    prefill.mutate(draft);
  }, [report, prefill, draft]);

  const save = useAppMutation({
    mutationFn: (d: ReportDraft) => saveReport(request(d)),
    invalidates: [reportsKey],
    success: 'shifts.done.reportSaved',
    onSuccess: (r) => {
      setSaved(r);
      setAutosavedAt(serverNow());
    },
  });
  const submit = useAppMutation({
    mutationFn: (d: ReportDraft) => submitReport(request(d)),
    invalidates: [reportsKey],
    success: 'shifts.done.reportSubmitted',
    onSuccess: onClose,
    onSettled: () => setConfirming(false),
  });
  // Autosave: AUTOSAVE_MS after the author's last edit, a draft whose rules hold is saved quietly.
  const autosave = useAppMutation({
    mutationFn: (d: ReportDraft) => saveReport(request(d)),
    invalidates: [[...reportsKey, 'list']],
    onSuccess: (r) => {
      setSaved(r);
      setAutosavedAt(serverNow());
    },
  });
  const busy = save.isPending || submit.isPending || autosave.isPending;
  const savedEdits = useRef(0);
  useEffect(() => {
    if (edits === 0 || edits === savedEdits.current || busy || confirming) return;
    if (Object.keys(validateReport(draft, today, false)).length > 0) return;
    const timer = window.setTimeout(() => {
      savedEdits.current = edits;
      autosave.mutate(draft);
    }, AUTOSAVE_MS);
    return () => window.clearTimeout(timer);
  }, [edits, busy, confirming, draft, today, autosave]);

  const failed = save.error ?? submit.error ?? autosave.error;
  const server = busy ? {} : fieldErrors(failed);
  const err = (f: keyof ReportErrors) => message(errors[f]) ?? server[f];
  const serverOther = Object.entries(server).find(([f]) => !(f in draft))?.[1];

  const check = (forSubmit: boolean) => {
    const found = validateReport(draft, today, forSubmit);
    setErrors(found);
    save.reset();
    submit.reset();
    if (Object.keys(found).length === 0) return true;
    reveal();
    return false;
  };

  return (
    <AppDialog title={t(saved ? 'shifts.report.editTitle' : 'shifts.report.newTitle')} onClose={onClose} className="hearth-shift-dialog hearth-shift-report-dialog">
      <form
        ref={formRef}
        noValidate
        data-testid="shift-report-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (check(false)) {
            savedEdits.current = edits;
            save.mutate(draft);
          }
        }}
      >
        <DialogBody>
          <FormProblem message={Object.keys(errors).length > 0 ? (message(errors.body) ?? t('shifts.form.fixFields')) : serverOther} testId="shift-report-problem" />
          <div className="hearth-shift-form-row">
            <FormField id="report-date" label={t('shifts.report.date')} required error={err('shiftDate')}>
              <DateInput id="report-date" required max={today} value={draft.shiftDate} onChange={(v) => set({ shiftDate: v })} />
            </FormField>
            <FormField id="report-shift" label={t('shifts.report.shift')} error={err('shiftTypeId')}>
              <Select id="report-shift" fill value={draft.shiftTypeId} onChange={(e) => set({ shiftTypeId: e.currentTarget.value })}>
                <option value="">{t('shifts.report.anyShift')}</option>
                {shiftChoices.map((s) => (
                  <option key={s.shiftTypeId} value={s.shiftTypeId}>
                    {s.name}
                  </option>
                ))}
              </Select>
            </FormField>
          </div>
          <div className="hearth-shift-prefill">
            <Button icon={<ImportIcon />} loading={prefill.isPending} onClick={() => prefill.mutate(draft)} data-testid="report-prefill">
              {t('shifts.report.prefill')}
            </Button>
            <span className="hearth-muted">{t('shifts.report.prefillHint')}</span>
          </div>
          {filled !== null ? (
            <Callout compact className="hearth-gap-bottom" data-testid="report-prefilled" role="status">
              {filled.length > 0 ? t('shifts.report.prefilled', { sections: filled.join(', ') }) : t('shifts.report.prefilledNothing')}
            </Callout>
          ) : null}
          {REPORT_SECTIONS.map((s) => (
            <FormField key={s} id={`report-${s}`} label={t(SECTION_KEYS[s])} error={err(s)}>
              <TextArea
                id={`report-${s}`}
                fill
                autoResize
                rows={s === 'freeText' ? 4 : 3}
                maxLength={ShiftReportSectionMax}
                value={draft[s]}
                intent={err(s) ? Intent.DANGER : Intent.NONE}
                onChange={(e) => set({ [s]: e.currentTarget.value })}
              />
            </FormField>
          ))}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <span className="hearth-muted hearth-shift-autosave" aria-live="polite" data-testid="report-autosave">
                {autosave.isPending
                  ? t('shifts.report.autosaving')
                  : autosavedAt
                    ? t('shifts.report.autosaved', { time: formatTime(autosavedAt, zoneCode, language) })
                    : ''}
              </span>
              <Button onClick={onClose}>{t('common.action.cancel')}</Button>
              <Button type="submit" loading={save.isPending} disabled={autosave.isPending} data-testid="report-save">
                {t('shifts.report.saveDraft')}
              </Button>
              <Button
                intent={Intent.PRIMARY}
                loading={submit.isPending}
                disabled={autosave.isPending}
                onClick={() => {
                  if (check(true)) setConfirming(true);
                }}
                data-testid="report-submit"
              >
                {t('shifts.report.submit')}
              </Button>
            </>
          }
        />
      </form>
      {confirming ? (
        <AppDialog title={t('shifts.report.submitTitle')} onClose={() => setConfirming(false)} className="hearth-shift-confirm">
          <DialogBody>
            <p>{t('shifts.report.submitConfirm')}</p>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button onClick={() => setConfirming(false)}>{t('common.action.cancel')}</Button>
                <Button intent={Intent.PRIMARY} loading={submit.isPending} onClick={() => submit.mutate(draft)} data-testid="report-submit-confirm">
                  {t('shifts.report.submitConfirmButton')}
                </Button>
              </>
            }
          />
        </AppDialog>
      ) : null}
    </AppDialog>
  );
}
