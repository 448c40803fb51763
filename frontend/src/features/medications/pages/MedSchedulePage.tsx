import { useState } from 'react';
import { Button, Callout, Intent, Spinner } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { AddIcon, EditIcon, InfoSignIcon, PropertyIcon, TickIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Medication } from '@/types/api.gen';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { SectionTitle } from '@/components/SectionTitle';
import { useFacilityViewer } from '@/lib/session/viewer';
import { zonedDate } from '@/lib/time/zone';
import { useMedicationResident } from '../api/getResident';
import { useResidentOrders } from '../api/listMedication';
import { groupOrders, planOf, restoreStaged, stageDeletion, type ChangeKind } from '../changeRules';
import { AssistanceCard } from '../components/AssistanceCard';
import { ChangeDialog } from '../components/ChangeDialog';
import { OrderCard } from '../components/OrderCard';
import { OrderFormDialog } from '../components/OrderFormDialog';
import { livesHere, ResidentMedHeader } from '../components/ResidentMedHeader';
import '../medications.css';
import { serverNow } from '@/lib/time/serverClock';

type Dialog = { kind: 'form'; order?: Medication } | { kind: 'change'; change: ChangeKind; orders: Medication[]; fromPlan?: boolean };

/**
 * /emars/med-schedule/{residentId} (spec 000 §2): the resident's orders — current, on hold by the prescriber,
 * discontinued — with the medication assistance level. Owners and admins add and change orders, hold,
 * resume, discontinue and restore them, each with the prescriber, the logged call and the written order,
 * and edit the plan: orders are moved to deleted and restored before Confirm discontinues them (spec 000
 * §4). Caregivers read.
 */
export default function MedSchedulePage() {
  const { t } = useTranslation();
  const { residentId = '' } = useParams();
  const viewer = useFacilityViewer();
  const resident = useMedicationResident(residentId);
  const orders = useResidentOrders(residentId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [plan, setPlan] = useState<string[] | null>(null); // staged deletions while the plan is edited
  const [now] = useState(() => serverNow());
  const today = zonedDate(now, viewer.zone);
  const editable = viewer.manager && livesHere(resident.data);
  const list = orders.data ?? [];
  const groups = groupOrders(list);
  const manage = (order: Medication) => ({
    kind: 'manage' as const,
    onEdit: () => setDialog({ kind: 'form', order }),
    onChange: (change: ChangeKind) => setDialog({ kind: 'change', change, orders: [order] }),
  });
  const section = (id: string, title: string, items: Medication[], empty?: string) => (
    <section aria-labelledby={id} className="hearth-gap-top" data-testid={id}>
      <SectionTitle id={id}>
        {title} <span className="hearth-muted">({items.length})</span>
      </SectionTitle>
      {items.length === 0 && empty ? <p className="hearth-muted">{empty}</p> : null}
      <div className="hearth-med-orders">
        {items.map((m) => (
          <OrderCard key={m.medicationId} order={m} zoneCode={viewer.zoneCode} mode={editable ? manage(m) : { kind: 'read' }} />
        ))}
      </div>
    </section>
  );

  const editingPlan = plan !== null && editable;
  const staged = planOf(list, plan ?? []);
  return (
    <div className="hearth-page hearth-med-page" data-testid="med-schedule-page">
      <ResidentMedHeader residentId={residentId} page="schedule" title={t('medications.schedule.title')} />
      {resident.data ? (
        <>
          <AssistanceCard residentId={residentId} editable={editable} zoneCode={viewer.zoneCode} />
          <Callout icon={<InfoSignIcon />} compact className="hearth-gap-top">
            {t('medications.schedule.snfReading')}
          </Callout>
          <div className="hearth-med-toolbar">
            {editable && !editingPlan ? (
              <>
                <Button icon={<AddIcon />} intent={Intent.PRIMARY} onClick={() => setDialog({ kind: 'form' })} data-testid="order-add">
                  {t('medications.schedule.add')}
                </Button>
                <Button icon={<PropertyIcon />} onClick={() => setPlan([])} disabled={list.length === 0} data-testid="plan-edit">
                  {t('medications.plan.edit')}
                </Button>
              </>
            ) : null}
            {viewer.manager ? null : <p className="hearth-muted">{t('medications.schedule.readOnly')}</p>}
            {viewer.manager && resident.data && !livesHere(resident.data) ? <p className="hearth-muted">{t('medications.schedule.left')}</p> : null}
          </div>
        </>
      ) : null}
      <QueryErrorBanner query={orders} />
      {orders.isPending && residentId ? <Spinner size={24} /> : null}

      {editingPlan ? (
        <section className="hearth-med-plan" aria-labelledby="plan-title" data-testid="plan-editor">
          <SectionTitle id="plan-title">{t('medications.plan.title')}</SectionTitle>
          <p className="hearth-muted">{t('medications.plan.hint')}</p>
          <h3 className="hearth-med-subtitle">{t('medications.plan.kept', { count: staged.kept.length })}</h3>
          <div className="hearth-med-orders" data-testid="plan-kept">
            {staged.kept.map((m) => (
              <OrderCard key={m.medicationId} order={m} zoneCode={viewer.zoneCode} mode={{ kind: 'plan', staged: false, onToggle: () => setPlan(stageDeletion(plan ?? [], m.medicationId)) }} />
            ))}
          </div>
          <h3 className="hearth-med-subtitle">{t('medications.plan.deleted', { count: staged.deleted.length })}</h3>
          {staged.deleted.length === 0 ? <p className="hearth-muted">{t('medications.plan.noneDeleted')}</p> : null}
          <div className="hearth-med-orders" data-testid="plan-deleted">
            {staged.deleted.map((m) => (
              <OrderCard key={m.medicationId} order={m} zoneCode={viewer.zoneCode} mode={{ kind: 'plan', staged: true, onToggle: () => setPlan(restoreStaged(plan ?? [], m.medicationId)) }} />
            ))}
          </div>
          <div className="hearth-med-toolbar">
            <Button onClick={() => setPlan(null)} data-testid="plan-cancel">
              {t('medications.plan.cancel')}
            </Button>
            <Button
              icon={<TickIcon />}
              intent={Intent.PRIMARY}
              disabled={staged.deleted.length === 0}
              onClick={() => setDialog({ kind: 'change', change: 'discontinue', orders: staged.deleted, fromPlan: true })}
              data-testid="plan-confirm"
            >
              {t('medications.plan.confirm', { count: staged.deleted.length })}
            </Button>
          </div>
        </section>
      ) : resident.data && orders.data ? (
        <>
          {section('orders-current', t('medications.schedule.current'), groups.current, t('medications.schedule.noCurrent'))}
          {groups.onHold.length > 0 ? section('orders-on-hold', t('medications.schedule.onHold'), groups.onHold) : null}
          {section('orders-discontinued', t('medications.schedule.discontinued'), groups.discontinued, t('medications.schedule.noDiscontinued'))}
          {list.length === 0 ? <EmptyState icon={<EditIcon />} title={t('medications.schedule.empty')} className="hearth-gap-top" /> : null}
        </>
      ) : null}

      {dialog?.kind === 'form' ? <OrderFormDialog residentId={residentId} order={dialog.order} today={today} zoneCode={viewer.zoneCode} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'change' ? (
        <ChangeDialog
          kind={dialog.change}
          orders={dialog.orders}
          today={today}
          zone={viewer.zone}
          onClose={() => setDialog(null)}
          onDone={dialog.fromPlan ? () => setPlan(null) : undefined}
        />
      ) : null}
    </div>
  );
}
