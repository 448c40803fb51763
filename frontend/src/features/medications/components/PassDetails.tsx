import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { MedPass } from '@/types/api.gen';
import { MedicationSNF, PassPRN } from '@/types/api.gen';
import { PassStatusTag } from '@/components/emar/PassStatusTag';
import { careLabel } from '@/lib/care/taskLabels';
import { SITE_KEYS } from '@/lib/emar/emarLabels';
import { readingText } from '@/lib/emar/emarText';
import { currentLanguage } from '@/lib/i18n';
import { formatDateTime, formatTime } from '@/lib/time/dateTime';
import { formatTimeOfDay } from '@/lib/time/timeOfDay';
import { SnfFlag } from './OrderFlags';

/** What a logged pass says beyond its status, one phrase each, as the MAR keeps it (WAC 388-76-10475). */
export function passFacts(tf: TFunction, p: MedPass, zoneCode: string | undefined, language: string): { key: string; text: ReactNode }[] {
  const t = tf as unknown as (key: string, values?: Record<string, unknown>) => string;
  const facts: { key: string; text: ReactNode }[] = [];
  if (p.reason) facts.push({ key: 'reason', text: p.kind === PassPRN ? t('medications.log.prnReason', { reason: p.reason }) : t('medications.log.reason', { reason: p.reason }) });
  if (p.vitalValue !== undefined && p.vitalValue !== null && p.vital) facts.push({ key: 'vital', text: readingText(tf, p.vital, p.vitalValue, language) });
  if (p.doseGiven && p.doseGiven !== p.dose) facts.push({ key: 'dose', text: t('medications.log.doseGiven', { dose: p.doseGiven }) });
  if (p.site) facts.push({ key: 'site', text: t('medications.log.site', { site: p.siteNote || careLabel(tf, SITE_KEYS, p.site) }) });
  if (p.countBefore !== undefined && p.countBefore !== null && p.countAfter !== undefined && p.countAfter !== null) {
    facts.push({ key: 'count', text: t('medications.log.count', { before: p.countBefore, after: p.countAfter }) });
  }
  if (p.note) facts.push({ key: 'note', text: t('medications.log.note', { note: p.note }) });
  if (p.late) facts.push({ key: 'late', text: t('medications.log.late') });
  if (p.kind === PassPRN && p.followUpStatus === 'DONE') {
    const result = p.followUpEffective ? t('medications.log.effective') : t('medications.log.notEffective');
    facts.push({
      key: 'followUp',
      text: t('medications.log.followUp', {
        result,
        note: p.followUpNote ? ` — ${p.followUpNote}` : '',
        name: p.followUpByName,
        time: p.followUpTime ? formatTime(p.followUpTime, zoneCode, language) : '',
      }),
    });
  }
  if (p.ackTime) facts.push({ key: 'ack', text: t('medications.log.ack', { name: p.ackByName, note: p.ackNote, time: formatDateTime(p.ackTime, zoneCode, language) }) });
  return facts;
}

/** The status of a record: the outcome, or for a PRN dose its effect check while it is open. */
export function RecordStatus({ pass: p }: { pass: MedPass }) {
  return (
    <span className="hearth-med-status">
      <PassStatusTag status={p.status} />
      {p.kind === PassPRN && p.followUpStatus && p.followUpStatus !== 'DONE' ? <PassStatusTag status={p.followUpStatus} followUp /> : null}
    </span>
  );
}

/** The drug of a record, with its flags (PRN, SNF). */
export function RecordDrug({ pass: p }: { pass: MedPass }) {
  const { t } = useTranslation();
  return (
    <span className="hearth-med-drug">
      <strong>{p.medicationName}</strong> <span className="hearth-muted">{p.dose}</span>{' '}
      {p.kind === PassPRN ? (
        <Tag minimal multiline className="hearth-med-flag">
          {t('medications.log.prn')}
        </Tag>
      ) : null}
      {p.medicationType === MedicationSNF ? <SnfFlag /> : null}
    </span>
  );
}

/** Who logged it and when ("Amina Njoroge (AN) at 08:05 AM"), or when it was due for a pass never logged. */
export function RecordWho({ pass: p, zoneCode }: { pass: MedPass; zoneCode: string | undefined }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (!p.outcome) return <span className="hearth-muted">{t('medications.log.notLogged')}</span>;
  return (
    <span data-testid="record-by">
      {t('medications.log.by', { name: p.staffName, initials: p.initials, time: formatTime(p.givenTime ?? 0, zoneCode, language) })}
    </span>
  );
}

/** The time a record belongs to: the scheduled time, or a PRN dose's. */
export function recordClock(p: MedPass, language: string): string {
  return formatTimeOfDay(p.timeOfDay, language);
}
