import { useState } from 'react';
import { Button, Collapse, DialogBody, DialogFooter, InputGroup, Intent } from '@blueprintjs/core';
import { ChevronDownIcon, ChevronUpIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { HealthMetricInfo, HealthReadingInput } from '@/types/api.gen';
import { MetricDiastolicBP, MetricSystolicBP, SubDetailsMax, UnitRatio } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { DateTimeInput } from '@/components/DateTimeInput';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { careLabel } from '@/lib/care/taskLabels';
import { FormField, useRuleMessage } from '@/lib/form/FormField';
import { FormProblem } from '@/lib/form/FormProblem';
import { timeZoneLabel } from '@/lib/i18n/labels';
import { epochToZonedWall, zonedWallToEpoch } from '@/lib/time/zone';
import { saveReadings } from '../api/health';
import { healthKey } from '../api/keys';
import { METRIC_KEYS, UNIT_KEYS } from '../labels';
import { normalFlag, readingErrors, unshownMessage, validateVitals, vitalsReadings, type VitalsDraft } from '../recordRules';
import { randomId } from '@/lib/crypto/randomId';
import { serverNow } from '@/lib/time/serverClock';

/** The vitals a check takes first; the other measurements sit under "More measurements". */
const FIRST = new Set(['SYSTOLIC_BP', 'DIASTOLIC_BP', 'HEART_RATE', 'RESPIRATORY_RATE', 'TEMPERATURE', 'OXYGEN_SATURATION', 'BLOOD_GLUCOSE', 'WEIGHT', 'PAIN']);

interface VitalsDialogProps {
  residentId: string;
  residentName: string;
  metrics: HealthMetricInfo[];
  zone: string | undefined;
  zoneCode: string | undefined;
  onClose: () => void;
}

/**
 * Record vitals (direct entry): several metrics taken at one time, blood pressure as systolic over diastolic,
 * each with its unit and plausible range; all stored or none. A reading outside the normal range is saved
 * and flagged; one outside the plausible range is a typing mistake, refused here and by the server, whose
 * messages land under the field they are about.
 */
export function VitalsDialog({ residentId, residentName, metrics, zone, zoneCode, onClose }: VitalsDialogProps) {
  const { t } = useTranslation();
  const message = useRuleMessage();
  const [draft, setDraft] = useState<VitalsDraft>({});
  const [opened] = useState(() => epochToZonedWall(serverNow(), zone));
  const [takenAt, setTakenAt] = useState(opened);
  const [note, setNote] = useState('');
  const [more, setMore] = useState(false);
  const [errors, setErrors] = useState<ReturnType<typeof validateVitals>['errors']>({});
  const [none, setNone] = useState(false);
  const [clientId] = useState(() => randomId());
  const [sent, setSent] = useState<HealthReadingInput[]>([]);
  const save = useAppMutation({
    mutationFn: (readings: HealthReadingInput[]) =>
      saveReadings({
        clientId,
        residentId,
        readings,
        // Now unless another time was typed.
        takenAt: takenAt === opened ? undefined : zonedWallToEpoch(takenAt, zone),
        note: note.trim() || undefined,
      }),
    invalidates: [healthKey],
    success: (r) => (r.flagged > 0 ? 'carerecord.done.vitalsFlagged' : 'carerecord.done.vitalsSaved'),
    onSuccess: onClose,
  });
  const server = save.isPending ? {} : readingErrors(fieldErrors(save.error), sent);
  const named = Object.keys(server).length > 0;
  // A message about a field the form does not show is said at the top.
  const elsewhere = unshownMessage(server, [...metrics.map((m) => m.metric), 'takenAt', 'note']);
  const err = (metric: string) => message(errors[metric]) ?? server[metric];
  const set = (metric: string, value: string) => {
    setDraft((d) => ({ ...d, [metric]: value }));
    setErrors((e) => ({ ...e, [metric]: undefined }) as typeof e);
    setNone(false);
  };
  // INR is a ratio without a unit: its name says what it is.
  const unitless = (m: HealthMetricInfo) => m.unit === UnitRatio;
  const label = (m: HealthMetricInfo) => (unitless(m) ? careLabel(t, METRIC_KEYS, m.metric) : `${careLabel(t, METRIC_KEYS, m.metric)} (${careLabel(t, UNIT_KEYS, m.unit)})`);
  // The resident's normal range under the field, and a reading outside it said while it is typed (it is
  // saved and flagged, not refused).
  const normalText = (m: HealthMetricInfo) =>
    m.normalLow != null && m.normalHigh != null
      ? t('carerecord.health.normalBoth', { low: m.normalLow, high: m.normalHigh })
      : m.normalLow != null
        ? t('carerecord.health.normalLow', { low: m.normalLow })
        : m.normalHigh != null
          ? t('carerecord.health.normalHigh', { high: m.normalHigh })
          : '';
  const field = (m: HealthMetricInfo) => {
    const flag = err(m.metric) ? undefined : normalFlag(m, draft[m.metric] ?? '');
    const flagId = `vital-${m.metric}-flag`;
    return (
      <FormField
        key={m.metric}
        id={`vital-${m.metric}`}
        label={label(m)}
        error={err(m.metric)}
        hint={
          <>
            {[t('carerecord.health.plausible', { min: m.min, max: m.max }), normalText(m)].filter(Boolean).join(' · ')}
            {flag ? (
              <strong id={flagId} className="hearth-vital-flag" data-testid={`vital-${m.metric}-flag`} data-flag={flag}>
                {' '}
                {t(flag === 'low' ? 'carerecord.health.flagLow' : 'carerecord.health.flagHigh')}
              </strong>
            ) : null}
          </>
        }
        className="hearth-vital-field"
      >
        <InputGroup
          id={`vital-${m.metric}`}
          inputMode="decimal"
          autoComplete="off"
          value={draft[m.metric] ?? ''}
          aria-describedby={flag ? flagId : undefined}
          intent={err(m.metric) ? Intent.DANGER : flag ? Intent.WARNING : Intent.NONE}
          onValueChange={(v) => set(m.metric, v)}
          rightElement={
            unitless(m) ? undefined : (
              <span className="hearth-vital-unit" aria-hidden="true">
                {careLabel(t, UNIT_KEYS, m.unit)}
              </span>
            )
          }
          data-testid={`vital-${m.metric}`}
        />
      </FormField>
    );
  };
  const sys = metrics.find((m) => m.metric === MetricSystolicBP);
  const dia = metrics.find((m) => m.metric === MetricDiastolicBP);
  const first = metrics.filter((m) => FIRST.has(m.metric) && m !== sys && m !== dia);
  const rest = metrics.filter((m) => !FIRST.has(m.metric));

  return (
    <AppDialog title={t('carerecord.health.recordTitle', { name: residentName })} onClose={onClose} className="hearth-record-dialog hearth-vitals-dialog">
      <form
        noValidate
        data-testid="vitals-form"
        onSubmit={(e) => {
          e.preventDefault();
          const found = validateVitals(draft, metrics);
          setErrors(found.errors);
          setNone(found.none);
          save.reset();
          if (found.none || Object.keys(found.errors).length > 0) return;
          const readings = vitalsReadings(draft, metrics);
          setSent(readings);
          save.mutate(readings);
        }}
      >
        <DialogBody>
          <FormProblem
            message={none ? t('carerecord.health.nothingTyped') : save.error && !named ? save.error.message : elsewhere}
            testId="vitals-problem"
          />
          {sys && dia ? (
            <fieldset className="hearth-vital-pressure">
              <legend>{t('carerecord.metric.bloodPressure')}</legend>
              <div className="hearth-record-row">
                {field(sys)}
                {field(dia)}
              </div>
            </fieldset>
          ) : null}
          <div className="hearth-vital-grid">{first.map(field)}</div>
          {rest.length ? (
            <>
              <Button variant="minimal" icon={more ? <ChevronUpIcon /> : <ChevronDownIcon />} aria-expanded={more} onClick={() => setMore((m) => !m)} data-testid="vitals-more">
                {t('carerecord.health.more')}
              </Button>
              <Collapse isOpen={more}>
                <div className="hearth-vital-grid">{rest.map(field)}</div>
              </Collapse>
            </>
          ) : null}
          <div className="hearth-record-row">
            <FormField
              id="vitals-time"
              label={t('carerecord.health.takenAt')}
              error={server.takenAt}
              hint={zoneCode ? t('carerecord.health.zoneHint', { zone: timeZoneLabel(t, zoneCode) }) : undefined}
            >
              <DateTimeInput id="vitals-time" label={t('carerecord.health.takenAt')} value={takenAt} onChange={setTakenAt} />
            </FormField>
            <FormField id="vitals-note" label={t('carerecord.health.note')} error={server.note}>
              <InputGroup id="vitals-note" maxLength={SubDetailsMax} value={note} onValueChange={setNote} />
            </FormField>
          </div>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose}>{t('common.action.cancel')}</Button>
              <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} data-testid="vitals-save">
                {t('carerecord.health.save')}
              </Button>
            </>
          }
        />
      </form>
    </AppDialog>
  );
}
