import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import { PrintIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { PaperA4, PaperLetter } from '@/types/api.gen';
import { Select } from '@/components/Select';
import { saveBlob } from '@/lib/files/preview';
import { currentLanguage } from '@/lib/i18n';
import { printMar } from '../api/printMar';
import { marMonths, monthLabel } from '../logRules';

/**
 * The printed monthly MAR (the paper backup inspectors and hospitals ask for): a month and a paper size,
 * then the PDF opens in a new tab. The tab opens at once (so no pop-up blocker stops it) and shows the PDF
 * once the signed-in client has it; a refusal (nothing to print, too many records) closes it and is reported.
 * Where no tab can open, the PDF is saved as a file.
 */
export function PrintMarButton({ residentId, today }: { residentId: string; today: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const months = marMonths(today);
  const [month, setMonth] = useState(months[0]);
  const [paper, setPaper] = useState<string>(language === 'en-US' ? PaperLetter : PaperA4);
  const [busy, setBusy] = useState(false);

  const open = async () => {
    const tab = window.open('', '_blank');
    if (tab) {
      tab.document.title = t('medications.mar.preparing');
      tab.document.body.textContent = t('medications.mar.preparing');
    }
    setBusy(true);
    try {
      const file = await printMar({ residentId, month, paper });
      const pdf = new Blob([file.blob], { type: 'application/pdf' });
      if (!tab) {
        // No new tab (a shell without windows, a blocker): the PDF is saved instead.
        saveBlob(pdf, file.fileName || `MAR-${month}.pdf`);
        return;
      }
      const url = URL.createObjectURL(pdf);
      tab.location.href = url;
      // The tab has loaded it by then; the URL can go.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      tab?.close();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="hearth-med-print" role="group" aria-label={t('medications.mar.label')} data-testid="mar-print">
      <span className="hearth-med-print-field">
        <label htmlFor="mar-month" className="hearth-med-inline-label">
          {t('medications.mar.month')}
        </label>
        <Select
          id="mar-month"
          value={month}
          onChange={(e) => setMonth(e.currentTarget.value)}
          options={months.map((m) => ({ value: m, label: monthLabel(m, language) }))}
          data-testid="mar-month"
        />
      </span>
      <span className="hearth-med-print-field">
        <label htmlFor="mar-paper" className="hearth-med-inline-label">
          {t('medications.mar.paper')}
        </label>
        <Select
          id="mar-paper"
          value={paper}
          onChange={(e) => setPaper(e.currentTarget.value)}
          options={[
            { value: PaperLetter, label: t('medications.mar.letter') },
            { value: PaperA4, label: t('medications.mar.a4') },
          ]}
          data-testid="mar-paper"
        />
      </span>
      <Button icon={<PrintIcon />} loading={busy} onClick={() => void open()} data-testid="mar-print-button">
        {t('medications.mar.print')}
      </Button>
    </div>
  );
}
