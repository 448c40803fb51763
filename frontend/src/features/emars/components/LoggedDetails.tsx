import { useTranslation } from 'react-i18next';
import type { MedPass } from '@/types/api.gen';
import { DetailList } from '@/components/DetailList';
import { PassStatusTag } from '@/components/emar/PassStatusTag';
import { careLabel } from '@/lib/care/taskLabels';
import { SITE_KEYS } from '@/lib/emar/emarLabels';
import { readingText } from '@/lib/emar/emarText';
import { currentLanguage } from '@/lib/i18n';
import { formatDateTime } from '@/lib/time/dateTime';

/**
 * What a log holds (WAC 388-76-10475): the outcome, when it happened, who (name and initials), why, the
 * reading, the dose given, the site, the controlled counts, the note; a PRN dose's effect check; an
 * acknowledgement of a red item.
 */
export function LoggedDetails({ pass: p, zoneCode }: { pass: MedPass; zoneCode: string | undefined }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const at = (ms: number | undefined) => formatDateTime(ms ?? 0, zoneCode, language);
  const rows = [
    ...(p.outcome
      ? [
          { label: t('emars.logged.outcome'), value: <PassStatusTag status={p.outcome} />, testId: 'logged-outcome' },
          { label: t('emars.logged.time'), value: at(p.givenTime) + (p.late ? ` · ${t('emars.logged.late')}` : '') },
          { label: t('emars.logged.by'), value: p.initials ? `${p.staffName ?? ''} (${p.initials})` : (p.staffName ?? ''), testId: 'logged-by' },
        ]
      : []),
    ...(p.reason ? [{ label: t('emars.logged.reason'), value: p.reason, testId: 'logged-reason' }] : []),
    ...(p.vitalValue != null && p.vital ? [{ label: t('emars.logged.reading'), value: readingText(t, p.vital, p.vitalValue, language), testId: 'logged-reading' }] : []),
    ...(p.doseGiven ? [{ label: t('emars.logged.doseGiven'), value: p.doseGiven }] : []),
    ...(p.site ? [{ label: t('emars.logged.site'), value: p.site === 'OTHER' && p.siteNote ? p.siteNote : careLabel(t, SITE_KEYS, p.site) }] : []),
    ...(p.countBefore != null && p.countAfter != null
      ? [{ label: t('emars.logged.counts'), value: t('emars.logged.countsValue', { before: p.countBefore, after: p.countAfter }) }]
      : []),
    ...(p.note ? [{ label: t('emars.logged.note'), value: p.note }] : []),
    ...(p.kind === 'PRN' && p.followUpDueTime
      ? [
          {
            label: t('emars.logged.effect'),
            value:
              p.followUpStatus === 'DONE'
                ? t(p.followUpEffective ? 'emars.logged.helpedBy' : 'emars.logged.didNotHelpBy', { name: p.followUpByName ?? '', time: at(p.followUpTime) }) +
                  (p.followUpNote ? ` — ${p.followUpNote}` : '')
                : t('emars.logged.effectDue', { time: at(p.followUpDueTime) }),
            testId: 'logged-effect',
          },
        ]
      : []),
    ...(p.ackTime
      ? [{ label: t('emars.logged.acknowledged'), value: t('emars.logged.acknowledgedBy', { name: p.ackByName ?? '', time: at(p.ackTime), note: p.ackNote ?? '' }) }]
      : []),
  ];
  if (rows.length === 0) return null;
  return (
    <div className="hearth-pass-logged" data-testid="pass-logged">
      <DetailList rows={rows} />
    </div>
  );
}
