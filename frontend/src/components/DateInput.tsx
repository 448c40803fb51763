import { useEffect, useRef, useState } from 'react';
import { Button, InputGroup, type Intent } from '@blueprintjs/core';
import { CalendarIcon } from '@blueprintjs/icons';
import { DayPicker } from 'react-day-picker';
import { enUS, es, zhCN, type Locale } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { formatCalendarDate, parseCalendarDate } from '@/lib/time/dateTime';
import 'react-day-picker/style.css';

const LOCALES: Record<string, Locale> = { 'en-US': enUS, 'es-ES': es, 'zh-CN': zhCN };

function toDate(ymd: string | undefined): Date | undefined {
  const m = ymd ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd) : null;
  return m ? new Date(+m[1], +m[2] - 1, +m[3]) : undefined;
}

function toYmd(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

interface DateInputProps {
  id: string;
  /** YYYY-MM-DD, "" for none; a text that is not a date is handed on as typed, so the form's rules can say so. */
  value: string;
  onChange: (value: string) => void;
  /** Latest and earliest day the calendar offers (YYYY-MM-DD). */
  max?: string;
  min?: string;
  intent?: Intent;
  required?: boolean;
  autoFocus?: boolean;
  /** The field's message (FormField ties it to the field with its id). */
  'aria-describedby'?: string;
}

/**
 * A calendar date typed and shown the way the interface language writes it (11/22/2026, 22/11/2026,
 * 2026/11/22), not the browser's, with a calendar in that language (react-day-picker on date-fns locales).
 * The value stays YYYY-MM-DD.
 */
export function DateInput({ id, value, onChange, max, min, intent, required, autoFocus, 'aria-describedby': describedBy }: DateInputProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [text, setText] = useState(() => formatCalendarDate(value, language));
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  // A value set from outside (a reset, the calendar) shows formatted; typing keeps the text as typed.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (parseCalendarDate(text, language) !== value) setText(formatCalendarDate(value, language));
  }

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const type = (raw: string) => {
    setText(raw);
    onChange(raw.trim() === '' ? '' : (parseCalendarDate(raw, language) ?? raw));
  };
  const selected = toDate(value);
  const maxDate = toDate(max);
  const minDate = toDate(min);
  return (
    <div
      className="hearth-date-input"
      ref={box}
      style={{ position: 'relative' }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <InputGroup
        id={id}
        value={text}
        intent={intent}
        required={required}
        autoFocus={autoFocus}
        autoComplete="off"
        aria-describedby={describedBy}
        placeholder={t('common.date.placeholder')}
        onValueChange={type}
        onBlur={() => {
          const parsed = parseCalendarDate(text, language);
          if (parsed) setText(formatCalendarDate(parsed, language));
        }}
        rightElement={
          <Button
            variant="minimal"
            icon={<CalendarIcon />}
            aria-label={t('common.date.openCalendar')}
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          />
        }
      />
      {open ? (
        <div className="hearth-date-calendar" style={{ position: 'absolute', zIndex: 30, background: 'white', boxShadow: '0 2px 8px rgba(0,0,0,.2)' }}>
          <DayPicker
            mode="single"
            locale={LOCALES[language] ?? enUS}
            selected={selected}
            defaultMonth={selected ?? maxDate}
            captionLayout="dropdown"
            startMonth={minDate ?? new Date(1900, 0)}
            endMonth={maxDate ?? new Date(new Date().getFullYear() + 10, 11)}
            disabled={[...(maxDate ? [{ after: maxDate }] : []), ...(minDate ? [{ before: minDate }] : [])]}
            onSelect={(d) => {
              if (!d) return;
              const ymd = toYmd(d);
              setText(formatCalendarDate(ymd, language));
              onChange(ymd);
              setOpen(false);
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
