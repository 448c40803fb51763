import { useEffect, useRef } from 'react';
import { Callout, Intent, Spinner } from '@blueprintjs/core';
import { ArrowLeftIcon, DeleteIcon, TickIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { PinMinLength, type KioskCaregiver } from '@/types/api.gen';
import type { KioskError } from '../../kioskSession';
import { CaregiverFace } from './CaregiverFace';

const ROWS = [
  ['1', '2', '3'],
  ['4', '5', '6'],
  ['7', '8', '9'],
] as const;

export interface PinPadProps {
  caregiver: KioskCaregiver;
  length: number;
  busy: boolean;
  error: KioskError | null;
  onDigit: (d: string) => void;
  onBackspace: () => void;
  onSubmit: () => void;
  onBack: () => void;
}

/**
 * The PIN pad: masked dots, big digits, backspace and OK, and Back. It takes the focus when it opens so
 * typed digits, Backspace, Enter and Escape work at once (KioskSession.key). Test ids: kiosk-pin-pad,
 * kiosk-pin-dots (data-length), kiosk-pin-digit-0…9, kiosk-pin-backspace, kiosk-pin-ok, kiosk-pin-back,
 * kiosk-error (data-error).
 */
export function PinPad({ caregiver, length, busy, error, onDigit, onBackspace, onSubmit, onBack }: PinPadProps) {
  const { t } = useTranslation();
  const pad = useRef<HTMLDivElement>(null);
  useEffect(() => {
    pad.current?.focus();
  }, [caregiver.caregiverId]);

  const digit = (d: string) => (
    <button type="button" key={d} className="hearth-kiosk-key" data-testid={`kiosk-pin-digit-${d}`} disabled={busy} onClick={() => onDigit(d)}>
      {d}
    </button>
  );

  return (
    <div className="hearth-kiosk-pin" ref={pad} tabIndex={-1} role="group" aria-label={t('desktop.kiosk.pinFor', { name: caregiver.name })} data-testid="kiosk-pin-pad">
      <div className="hearth-kiosk-pin-side">
        <div className="hearth-kiosk-pin-who">
          <CaregiverFace name={caregiver.name} avatarUrl={caregiver.avatarUrl} color={caregiver.color} size={72} />
          <div>
            <div className="hearth-kiosk-pin-name">{caregiver.name}</div>
            <div className="hearth-kiosk-pin-title">{t('desktop.kiosk.pinTitle')}</div>
          </div>
        </div>
        <div className="hearth-kiosk-dots" data-testid="kiosk-pin-dots" data-length={length} role="img" aria-label={t('desktop.kiosk.pinDots', { count: length })}>
          {Array.from({ length: Math.max(PinMinLength, length) }, (_, i) => (
            <span key={i} className={i < length ? 'hearth-kiosk-dot hearth-kiosk-dot-on' : 'hearth-kiosk-dot'} />
          ))}
        </div>
        <div className="hearth-kiosk-message" aria-live="assertive">
          {busy ? <Spinner size={28} /> : null}
          {error && !busy ? (
            <Callout intent={error.kind === 'network' || error.kind === 'short' ? Intent.WARNING : Intent.DANGER} data-testid="kiosk-error" data-error={error.kind}>
              <KioskErrorText error={error} />
            </Callout>
          ) : null}
        </div>
        <button type="button" className="hearth-kiosk-back" data-testid="kiosk-pin-back" disabled={busy} onClick={onBack}>
          <ArrowLeftIcon size={20} aria-hidden /> {t('desktop.kiosk.back')}
        </button>
      </div>
      <div className="hearth-kiosk-keys">
        {ROWS.map((row) => row.map(digit))}
        <button type="button" className="hearth-kiosk-key" data-testid="kiosk-pin-backspace" aria-label={t('desktop.kiosk.backspace')} title={t('desktop.kiosk.backspace')} disabled={busy} onClick={onBackspace}>
          <DeleteIcon size={28} aria-hidden />
        </button>
        {digit('0')}
        <button type="button" className="hearth-kiosk-key hearth-kiosk-ok" data-testid="kiosk-pin-ok" disabled={busy} onClick={onSubmit}>
          <TickIcon size={24} aria-hidden /> {t('desktop.kiosk.ok')}
        </button>
      </div>
    </div>
  );
}

/** The words for a failed punch (static keys, one per kind). */
export function KioskErrorText({ error }: { error: KioskError }) {
  const { t } = useTranslation();
  switch (error.kind) {
    case 'short':
      return <>{t('desktop.kiosk.error.short')}</>;
    case 'wrongPin':
      return <>{t('desktop.kiosk.error.wrongPin', { count: error.attemptsLeft })}</>;
    case 'locked':
      return <>{t('desktop.kiosk.error.locked', { minutes: error.minutes })}</>;
    case 'pinNotSet':
      return <>{t('desktop.kiosk.error.pinNotSet')}</>;
    case 'offlineNoCheck':
      return <>{t('desktop.kiosk.error.offlineNoCheck')}</>;
    case 'network':
      return <>{t('desktop.kiosk.error.network')}</>;
    case 'notAccepted':
      return <>{t('desktop.kiosk.error.notAccepted')}</>;
    case 'other':
      return <>{t('desktop.kiosk.error.other', { code: error.code, msg: error.message })}</>;
  }
}
