import { useState } from 'react';
import { InputGroup, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { formatTimeOfDay, parseTimeOfDay, uses12Hour } from '@/lib/time/timeOfDay';

interface TimeOfDayInputProps {
  id: string;
  /** HH:mm, "" for none; a text that is not a time is handed on as typed, so the form's rules can say so. */
  value: string;
  onChange: (value: string) => void;
  intent?: Intent;
  required?: boolean;
  /** When the field's label is not a <label for=id>. */
  'aria-label'?: string;
  'aria-describedby'?: string;
}

/** A time of day typed the interface language's way (02:05 PM for en-US, 14:05 for es-ES and zh-CN); the value is HH:mm. */
export function TimeOfDayInput({ id, value, onChange, intent, required, ...aria }: TimeOfDayInputProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [text, setText] = useState(() => formatTimeOfDay(value, language) || value);
  // A value set from outside (a reset) shows formatted; typing keeps the text as typed.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if ((parseTimeOfDay(text) ?? text) !== value) setText(formatTimeOfDay(value, language) || value);
  }
  return (
    <InputGroup
      id={id}
      value={text}
      intent={intent}
      required={required}
      autoComplete="off"
      inputMode="text"
      aria-invalid={intent === 'danger' ? true : undefined}
      {...aria}
      placeholder={uses12Hour(language) ? t('common.time.placeholder12') : t('common.time.placeholder24')}
      onValueChange={(raw) => {
        setText(raw);
        const parsed = raw.trim() === '' ? '' : (parseTimeOfDay(raw) ?? raw);
        setShown(parsed);
        onChange(parsed);
      }}
      onBlur={() => {
        const hhmm = parseTimeOfDay(text);
        if (hhmm) setText(formatTimeOfDay(hhmm, language));
      }}
    />
  );
}
