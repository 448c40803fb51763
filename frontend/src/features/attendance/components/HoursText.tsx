import { useTranslation } from 'react-i18next';
import { decimalHours, hoursAndMinutes } from '../weekRules';

/** "7 h 30 min (7.50 h)". */
export function HoursText({ minutes }: { minutes: number }) {
  const { t } = useTranslation();
  const { hours, minutes: rest } = hoursAndMinutes(minutes);
  return <span>{t('attendance.hours.format', { hours, minutes: rest, decimal: decimalHours(minutes) })}</span>;
}
