import { useState } from 'react';
import { AnchorButton, Button, InputGroup, Intent } from '@blueprintjs/core';
import { TitledCallout } from '@/components/TitledCallout';
import { PhoneIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { IncidentDuty, IncidentReport } from '@/types/api.gen';
import { DutyDSHSHotline, ShortTextMax } from '@/types/api.gen';
import { SectionTitle } from '@/components/SectionTitle';
import { useAppMutation } from '@/lib/api/mutation';
import { FormField } from '@/lib/form/FormField';
import { useNow } from '@/lib/time/useNow';
import { checkDuty } from '../api/incidents';
import { incidentWrites } from '../api/keys';
import { DUTY_KEYS, keyOf } from '@/lib/care/incidentLabels';
import { lawFirst } from '../incidentRules';

/** The DSHS complaint hotline (shared.DutyDSHSHotline; WAC 388-76-10225, RCW 74.34.035). */
export const DSHS_HOTLINE = '1-800-562-6078';
const DSHS_HOTLINE_TEL = 'tel:+18005626078';

/**
 * What the law asks of this report and is not done yet, at the top of the review (issue 29 "Incident review
 * leads with the law"): the overdue first, each with its deadline; the DSHS hotline as a number to call and a
 * field for the confirmation number it gives, kept with the duty when it is marked done.
 */
export function LawDuties({ report, time }: { report: IncidentReport; time: (ms: number) => string }) {
  const { t } = useTranslation();
  const now = useNow(60_000);
  const open = lawFirst(report.duties ?? [], now);
  if (open.length === 0) return null;
  return (
    <section aria-labelledby="incident-law-title" className="hearth-incident-law" data-testid="incident-law">
      <SectionTitle id="incident-law-title">{t('incidents.law.title')}</SectionTitle>
      {open.map(({ duty, overdue }) => (
        <LawDuty key={duty.dutyId} duty={duty} overdue={overdue} report={report} time={time} />
      ))}
    </section>
  );
}

function LawDuty({ duty: d, overdue, report, time }: { duty: IncidentDuty; overdue: boolean; report: IncidentReport; time: (ms: number) => string }) {
  const { t } = useTranslation();
  const [reference, setReference] = useState('');
  const done = useAppMutation({
    mutationFn: () => checkDuty({ incidentId: report.incidentId, dutyId: d.dutyId, done: true, reference: reference.trim() }),
    invalidates: incidentWrites,
    success: 'incidents.done.dutyChecked',
  });
  const name = t(keyOf(DUTY_KEYS, d.code, 'NOTIFY_FAMILY'));
  const hotline = d.code === DutyDSHSHotline;
  const field = `law-ref-${d.dutyId}`;
  return (
    <TitledCallout
      level={3}
      intent={overdue ? Intent.DANGER : Intent.WARNING}
      title={overdue ? t('incidents.law.overdue', { duty: name, time: time(d.dueBy) }) : t('incidents.law.due', { duty: name, time: time(d.dueBy) })}
      className="hearth-gap-bottom"
      data-testid="incident-law-duty"
      data-code={d.code}
      data-overdue={overdue ? 'true' : 'false'}
    >
      <p>{t('incidents.duty.source', { source: d.source })}</p>
      {hotline ? (
        <AnchorButton href={DSHS_HOTLINE_TEL} icon={<PhoneIcon />} intent={Intent.PRIMARY} large data-testid="incident-hotline">
          {t('incidents.law.call', { number: DSHS_HOTLINE })}
        </AnchorButton>
      ) : null}
      <form
        className="hearth-incident-law-form"
        onSubmit={(e) => {
          e.preventDefault();
          done.mutate();
        }}
      >
        <FormField id={field} label={t('incidents.law.reference')} hint={t('incidents.law.referenceHint')}>
          <InputGroup id={field} value={reference} maxLength={ShortTextMax} onValueChange={setReference} data-testid="incident-law-reference" />
        </FormField>
        <Button type="submit" intent={Intent.SUCCESS} loading={done.isPending} data-testid="incident-law-done">
          {t(hotline ? 'incidents.law.markReported' : 'incidents.law.markDone')}
        </Button>
      </form>
    </TitledCallout>
  );
}
