import { useState } from 'react';
import { InputGroup, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { formatTimeOfDay, parseTimeOfDay, uses12Hour } from '@/lib/time/timeOfDay';
import { DateInput } from './DateInput';

interface DateTimeInputProps {
  /** The date field's id (the label's target); the time field is `${id}-time`. */
  id: string;
  /** The field's label, which names the time field too ("Start, time"). */
  label: string;
  /** YYYY-MM-DDTHH:mm, "" while either part is missing or not a date or time. */
  value: string;
  onChange: (value: string) => void;
  /** Earliest value the calendar offers (YYYY-MM-DDTHH:mm; its day counts). */
  min?: string;
  intent?: Intent;
  required?: boolean;
  autoFocus?: boolean;
  /** The field's message, for both parts (FormField ties it to the field with its id). */
  'aria-describedby'?: string;
}

/**
 * A date (DateInput) and a time of day typed the interface language's way (02:05 PM for en-US, 14:05 for
 * es-ES and zh-CN). The value keeps the `datetime-local` format the forms and the calls use.
 */
export function DateTimeInput({ id, label, value, onChange, min, intent, required, autoFocus, 'aria-describedby': describedBy }: DateTimeInputProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [date, setDate] = useState(() => value.slice(0, 10));
  const [time, setTime] = useState(() => formatTimeOfDay(value.slice(11, 16), language));
  // A value set from outside (a reset) replaces both parts.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    const own = /^\d{4}-\d{2}-\d{2}$/.test(date) && parseTimeOfDay(time) ? `${date}T${parseTimeOfDay(time)}` : '';
    if (own !== value) {
      setDate(value.slice(0, 10));
      setTime(formatTimeOfDay(value.slice(11, 16), language));
    }
  }
  const hand = (d: string, tm: string) => {
    const hhmm = parseTimeOfDay(tm);
    const next = /^\d{4}-\d{2}-\d{2}$/.test(d) && hhmm ? `${d}T${hhmm}` : '';
    setShown(next);
    onChange(next);
  };
  return (
    <div className="hearth-date-time-input">
      <DateInput
        id={id}
        value={date}
        min={min?.slice(0, 10)}
        intent={intent}
        required={required}
        autoFocus={autoFocus}
        aria-describedby={describedBy}
        onChange={(d) => {
          setDate(d);
          hand(d, time);
        }}
      />
      <InputGroup
        id={`${id}-time`}
        value={time}
        intent={intent}
        required={required}
        autoComplete="off"
        aria-describedby={describedBy}
        aria-label={t('common.time.label', { field: label })}
        placeholder={uses12Hour(language) ? t('common.time.placeholder12') : t('common.time.placeholder24')}
        onValueChange={(tm) => {
          setTime(tm);
          hand(date, tm);
        }}
        onBlur={() => {
          const hhmm = parseTimeOfDay(time);
          if (hhmm) setTime(formatTimeOfDay(hhmm, language));
        }}
      />
    </div>
  );
}
