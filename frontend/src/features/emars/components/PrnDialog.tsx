import { useRef, useState } from 'react';
import { Button, DialogBody, Intent, InputGroup, TextArea } from '@blueprintjs/core';
import { PillIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { MedicationDoseMax, PassNoteMax, PassReasonMax, type EmarResident } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { VitalInput } from '@/components/emar/VitalInput';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { sidebarCountsKey } from '@/lib/api/queryKeys';
import { careLabel } from '@/lib/care/taskLabels';
import { ROUTE_KEYS } from '@/lib/emar/emarLabels';
import { EMPTY_PRN_DRAFT, isQueued, lastPrnDose, newClientId, prnOrders, prnRequest, validatePrn, type PrnDraft, type PrnErrors } from '@/lib/emar/passRules';
import { checkVital } from '@/lib/emar/vitals';
import { FormField, useRuleMessage } from '@/lib/form/FormField';
import { FormProblem } from '@/lib/form/FormProblem';
import { useRevealErrors } from '@/lib/form/useReveal';
import { currentLanguage } from '@/lib/i18n';
import { formatTime } from '@/lib/time/dateTime';
import { emarKey } from '../api/keys';
import { logPrn } from '../api/logPrn';
import { DoseFields } from './DoseFields';
import { FiveRights } from './FiveRights';

interface PrnDialogProps {
  resident: EmarResident;
  zoneCode: string | undefined;
  onClose: () => void;
}

/**
 * "Give as needed": the resident's PRN orders (the last dose of each today, those on hold not offered),
 * the five rights of the one chosen, why it is needed (required), the vital first when the order reads
 * one, the site and controlled counts it needs, and the dose given when the order allows a range. Its
 * effect check falls due an hour later. One client id per dose, kept until the server answered.
 */
export function PrnDialog({ resident, zoneCode, onClose }: PrnDialogProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const message = useRuleMessage();
  const { formRef, reveal } = useRevealErrors();
  const orders = prnOrders(resident);
  const [draft, setDraft] = useState<PrnDraft>({ ...EMPTY_PRN_DRAFT, medicationId: orders.length === 1 && !orders[0].onHold ? orders[0].medicationId : '' });
  const [errors, setErrors] = useState<PrnErrors>({});
  const clientId = useRef<string | null>(null);
  const order = orders.find((o) => o.medicationId === draft.medicationId);
  const save = useAppMutation({
    mutationFn: logPrn,
    invalidates: [emarKey, sidebarCountsKey],
    success: (answer) => (isQueued(answer) ? 'emars.done.queued' : 'emars.done.prn'),
    onSuccess: () => {
      clientId.current = null;
      onClose();
    },
    onError: () => reveal(),
  });
  const server = save.isPending ? {} : fieldErrors(save.error, 'reason');
  const id = (k: string) => `prn-${k}-${resident.residentId}`;
  const err = (k: keyof PrnErrors) => message(errors[k]) ?? server[k];
  const update = (part: Partial<PrnDraft>) => setDraft((d) => ({ ...d, ...part }));
  const choose = (medicationId: string) => {
    // Another drug is another dose: a new id, and the fields of the one before do not carry over.
    clientId.current = null;
    setErrors({});
    setDraft({ ...EMPTY_PRN_DRAFT, medicationId, reason: draft.reason });
  };
  const submit = () => {
    const found = validatePrn(draft, order);
    setErrors(found);
    save.reset();
    if (Object.keys(found).length > 0 || !order) {
      reveal();
      return;
    }
    clientId.current ??= newClientId();
    save.mutate(prnRequest(draft, order, clientId.current));
  };
  const scale = order?.slidingScale?.length ? checkVital(order, draft.reading) : undefined;
  const dose = scale
    ? scale.kind === 'ok' && scale.scaleDose !== undefined
      ? t('emars.rights.scaleDoseFor', { dose: scale.scaleDose })
      : t('emars.rights.scaleDose')
    : (order?.dose ?? '');

  return (
    <AppDialog title={t('emars.prn.title', { name: resident.name })} onClose={onClose} className="hearth-pass-dialog" style={{ width: 600 }}>
      <DialogBody>
        <form
          ref={formRef}
          noValidate
          className="hearth-pass-form"
          data-testid="prn-form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <FormProblem message={Object.keys(errors).length > 0 ? t('emars.fix') : undefined} />
          <fieldset className="hearth-prn-orders" aria-describedby={err('medicationId') ? `${id('order')}-error` : undefined}>
            <legend>{t('emars.prn.choose')}</legend>
            {orders.map((o, i) => {
              const last = lastPrnDose(resident.passes, o.medicationId);
              return (
                <label key={o.medicationId} className="hearth-prn-order" data-disabled={o.onHold || undefined} data-testid="prn-order" data-medication={o.name}>
                  <input
                    id={i === 0 ? id('order') : undefined}
                    type="radio"
                    name={id('order')}
                    value={o.medicationId}
                    checked={draft.medicationId === o.medicationId}
                    disabled={o.onHold}
                    onChange={() => choose(o.medicationId)}
                  />
                  <span>
                    <strong>{o.name}</strong> · {o.dose} · {careLabel(t, ROUTE_KEYS, o.route)}
                    {o.instructions ? <span className="hearth-muted hearth-prn-order-line">{o.instructions}</span> : null}
                    {last ? (
                      <span className="hearth-prn-order-line" data-testid="prn-last-dose">
                        {t('emars.prn.lastGiven', { time: formatTime(last.givenTime ?? 0, zoneCode, language), name: last.staffName ?? '' })}
                      </span>
                    ) : null}
                    {o.onHold ? <span className="hearth-prn-order-line">{t('emars.prn.onHold')}</span> : null}
                  </span>
                </label>
              );
            })}
            {err('medicationId') ? (
              <p id={`${id('order')}-error`} className="hearth-field-error" role="alert" data-field-error={id('order')}>
                {err('medicationId')}
              </p>
            ) : null}
          </fieldset>
          {order ? (
            <>
              <FiveRights resident={resident} order={order} dose={dose} zoneCode={zoneCode} />
              <FormField id={id('reason')} label={t('emars.prn.reason')} required error={err('reason')} hint={t('emars.prn.reasonHint')}>
                <TextArea
                  id={id('reason')}
                  fill
                  rows={2}
                  required
                  maxLength={PassReasonMax}
                  value={draft.reason}
                  intent={err('reason') ? Intent.DANGER : Intent.NONE}
                  onChange={(e) => update({ reason: e.currentTarget.value })}
                  data-testid="prn-reason"
                />
              </FormField>
              <VitalInput id={id('vital')} order={order} value={draft.reading} onChange={(reading) => update({ reading })} required error={err('vitalValue')} testId="prn-vital" />
              <DoseFields
                idBase={`prn-${resident.residentId}`}
                order={order}
                draft={draft}
                onChange={update}
                errors={{ site: err('site'), siteNote: err('siteNote'), countBefore: err('countBefore'), countAfter: err('countAfter') }}
              />
              <FormField id={id('doseGiven')} label={t('emars.prn.doseGiven')} error={err('doseGiven')} hint={t('emars.prn.doseHint', { dose: order.dose })}>
                <InputGroup
                  id={id('doseGiven')}
                  maxLength={MedicationDoseMax}
                  value={draft.doseGiven}
                  onChange={(e) => update({ doseGiven: e.currentTarget.value })}
                  data-testid="prn-dose-given"
                />
              </FormField>
              <FormField id={id('note')} label={t('emars.pass.note')} error={err('note')}>
                <TextArea id={id('note')} fill rows={2} maxLength={PassNoteMax} value={draft.note} onChange={(e) => update({ note: e.currentTarget.value })} data-testid="prn-note" />
              </FormField>
            </>
          ) : null}
          <Button type="submit" intent={Intent.PRIMARY} size="large" icon={<PillIcon />} loading={save.isPending} data-testid="prn-save">
            {t('emars.prn.save')}
          </Button>
        </form>
      </DialogBody>
    </AppDialog>
  );
}
