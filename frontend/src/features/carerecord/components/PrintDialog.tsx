import { useState } from 'react';
import { Button, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { DownloadIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { PaperA4, PaperLetter, PrintBoth, PrintNotes, PrintReadings } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { DateInput } from '@/components/DateInput';
import { Select } from '@/components/Select';
import { isApiError } from '@/lib/api/client';
import { saveBlob } from '@/lib/files/preview';
import { FormField, useRuleMessage } from '@/lib/form/FormField';
import { FormProblem } from '@/lib/form/FormProblem';
import { currentLanguage } from '@/lib/i18n';
import { isDateString } from '@/lib/time/dateTime';
import { printRecord } from '../api/print';
import { addDays } from '../chartData';
import { printRangeProblem } from '../recordRules';

interface PrintDialogProps {
  residentId: string;
  residentName: string;
  /** Today in the facility's zone (YYYY-MM-DD). */
  today: string;
  /** Printed from the progress notes (notes first) or the health monitor (readings first). */
  from?: 'progressNote' | 'healthMonitor';
  onClose: () => void;
}

/**
 * The PDF export dialog with print range (spec 000 §2; 001 §5, §9): start and end required, start not after
 * end (checked here as the server does); the server's "no progress notes in range" and "more than 1000
 * records" are shown in the dialog. The PDF is downloaded.
 */
export function PrintDialog({ residentId, residentName, today, from = 'progressNote', onClose }: PrintDialogProps) {
  const { t } = useTranslation();
  const message = useRuleMessage();
  const language = currentLanguage();
  const [startDate, setStart] = useState(() => addDays(today, -29));
  const [endDate, setEnd] = useState(today);
  const [include, setInclude] = useState<string>(from === 'healthMonitor' ? PrintReadings : PrintNotes);
  const [paper, setPaper] = useState<string>(language === 'en-US' ? PaperLetter : PaperA4);
  const [problem, setProblem] = useState<string | undefined>();
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const rule = checked ? printRangeProblem(startDate, endDate) : undefined;
  // The message goes under the field it is about: a missing or unreadable date, else the end.
  const onStart = rule !== undefined && (!startDate || (rule.key.endsWith('notDate') && !isDateString(startDate)));
  const startError = onStart ? message(rule) : undefined;
  const endError = rule && !onStart ? message(rule) : undefined;

  const download = async () => {
    setChecked(true);
    setProblem(undefined);
    if (printRangeProblem(startDate, endDate)) return;
    setBusy(true);
    try {
      const file = await printRecord({ residentId, startDate, endDate, include, paper }, from);
      saveBlob(new Blob([file.blob], { type: 'application/pdf' }), file.fileName || `${residentName} ${startDate} ${endDate}.pdf`);
      onClose();
    } catch (err) {
      // The range's refusals are shown here; the client has reported anything else.
      if (isApiError(err) && (err.code === '4022' || err.code === '4004')) setProblem(err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppDialog title={t('carerecord.print.title', { name: residentName })} onClose={onClose} className="hearth-record-dialog">
      <form
        noValidate
        data-testid="print-form"
        onSubmit={(e) => {
          e.preventDefault();
          void download();
        }}
      >
        <DialogBody>
          <FormProblem message={problem} testId="print-problem" />
          <p className="hearth-muted">{t('carerecord.print.hint')}</p>
          <div className="hearth-record-row">
            <FormField id="print-start" label={t('carerecord.print.start')} required error={startError}>
              <DateInput id="print-start" required value={startDate} max={today} onChange={setStart} intent={startError ? Intent.DANGER : Intent.NONE} />
            </FormField>
            <FormField id="print-end" label={t('carerecord.print.end')} required error={endError}>
              <DateInput id="print-end" required value={endDate} max={today} onChange={setEnd} intent={endError ? Intent.DANGER : Intent.NONE} />
            </FormField>
          </div>
          <div className="hearth-record-row">
            <FormField id="print-include" label={t('carerecord.print.include')}>
              <Select
                id="print-include"
                fill
                value={include}
                onChange={(e) => setInclude(e.currentTarget.value)}
                options={[
                  from === 'healthMonitor'
                    ? { value: PrintReadings, label: t('carerecord.print.readings') }
                    : { value: PrintNotes, label: t('carerecord.print.notes') },
                  { value: PrintBoth, label: t('carerecord.print.both') },
                ]}
              />
            </FormField>
            <FormField id="print-paper" label={t('carerecord.print.paper')}>
              <Select
                id="print-paper"
                fill
                value={paper}
                onChange={(e) => setPaper(e.currentTarget.value)}
                options={[
                  { value: PaperLetter, label: t('carerecord.print.letter') },
                  { value: PaperA4, label: t('carerecord.print.a4') },
                ]}
              />
            </FormField>
          </div>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose}>{t('common.action.cancel')}</Button>
              <Button type="submit" icon={<DownloadIcon />} intent={Intent.PRIMARY} loading={busy} data-testid="print-download">
                {t('carerecord.print.download')}
              </Button>
            </>
          }
        />
      </form>
    </AppDialog>
  );
}
