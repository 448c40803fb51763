import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { formatCalendarDate } from '@/lib/time/dateTime';

/** An item's dates on its card: "From 5/12/2026 until 6/12/2026". */
export function PeriodLine({ startDate, endDate }: { startDate: string; endDate: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <p className="hearth-muted hearth-movein-item-line">
      {t('movein.carePlan.from', { date: formatCalendarDate(startDate, language) })}
      {endDate ? ` ${t('movein.carePlan.until', { date: formatCalendarDate(endDate, language) })}` : ''}
    </p>
  );
}
