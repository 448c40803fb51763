import { useState } from 'react';
import { Button, Callout, Card, Checkbox, DialogBody, DialogFooter, H2, H3, Intent, Spinner, Tag, TextArea } from '@blueprintjs/core';
import { TitledCallout } from '@/components/TitledCallout';
import { ArrowLeftIcon, PrintIcon, TickCircleIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { IncidentAnalysis, IncidentDuty, IncidentReport } from '@/types/api.gen';
import { AnalysisByRules, AnalysisFinal, IncidentPendingReview, SubDetailsMax } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { DetailList } from '@/components/DetailList';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { SectionTitle } from '@/components/SectionTitle';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { openFilePreview, saveBlob } from '@/lib/files/preview';
import { FormField } from '@/lib/form/FormField';
import { currentLanguage } from '@/lib/i18n';
import { useFacilityViewer } from '@/lib/session/viewer';
import { formatDateTime } from '@/lib/time/dateTime';
import { useNow } from '@/lib/time/useNow';
import { approveIncident, checkDuty, printIncident, runFinalAnalysis, useIncident } from '../api/incidents';
import { incidentWrites } from '../api/keys';
import { ANALYSIS_KEYS, DUTY_KEYS, EVENT_KEYS, PARTY_KEYS, TYPE_KEYS, keyOf } from '@/lib/care/incidentLabels';
import { canDelete, dutyStatus, isClosed, unmetMandatory } from '../incidentRules';
import { LawDuties } from './LawDuties';
import { StateTag } from './StateTag';

interface Props {
  incidentId: string;
  /** Owners and admins: the duty checklist, the analyses' run and approval. */
  review: boolean;
  onBack: () => void;
  /** The reader's own draft: go on writing it. */
  onEdit?: (r: IncidentReport) => void;
}

/**
 * One report: its answers, the reporting duties (reviewers tick them), the AI analyses (a suggestion, or the
 * rules-based checklist without a provider), the timeline, approval (final) and the printed PDF.
 */
export function IncidentDetail({ incidentId, review, onBack, onEdit }: Props) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const viewer = useFacilityViewer();
  const query = useIncident(incidentId);
  const [approving, setApproving] = useState(false);
  const [printing, setPrinting] = useState(false);
  const r = query.data;
  const time = (ms: number) => (ms ? formatDateTime(ms, viewer.zoneCode, language) : '');
  const final = useAppMutation({ mutationFn: () => runFinalAnalysis(incidentId), invalidates: incidentWrites, success: 'incidents.done.analysisRun' });
  const print = async () => {
    setPrinting(true);
    try {
      const file = await printIncident(incidentId);
      saveBlob(new Blob([file.blob], { type: 'application/pdf' }), file.fileName || `incident-${incidentId}.pdf`);
    } catch {
      // The client has reported the failure.
    } finally {
      setPrinting(false);
    }
  };

  if (query.isPending) return <Spinner size={24} />;
  if (!r) return <QueryErrorBanner query={query} />;
  const pending = r.state === IncidentPendingReview;
  const canReview = review && pending;
  return (
    <div className="hearth-incident-detail" data-testid="incident-detail" data-incident-id={r.incidentId} data-state={r.state}>
      <div className="hearth-incident-head">
        <Button variant="minimal" icon={<ArrowLeftIcon />} onClick={onBack} data-testid="incident-back-list">
          {t('incidents.detail.back')}
        </Button>
        <H2 className="hearth-incident-title">
          {t(keyOf(TYPE_KEYS, r.type, 'RESIDENT_OTHER'))} <StateTag state={r.state} />
        </H2>
        <Button icon={<PrintIcon />} loading={printing} onClick={() => void print()} data-testid="incident-print">
          {t('incidents.detail.print')}
        </Button>
      </div>
      {onEdit && canDelete(r, viewer.userId) ? (
        <Button intent={Intent.PRIMARY} onClick={() => onEdit(r)} data-testid="incident-edit">
          {t('incidents.page.edit')}
        </Button>
      ) : null}
      {isClosed(r) ? (
        <Callout intent={Intent.SUCCESS} icon={<TickCircleIcon />} data-testid="incident-readonly">
          {t('incidents.detail.readOnly', { name: r.reviewerName, time: time(r.completedAt) })}
        </Callout>
      ) : null}
      {canReview ? <LawDuties report={r} time={time} /> : null}
      <DetailList
        rows={[
          { label: t('incidents.field.resident'), value: r.residentName || t('incidents.list.facility') },
          { label: t('incidents.field.occurredAt'), value: time(r.occurredAt) },
          { label: t('incidents.field.discoveredAt'), value: time(r.discoveredAt) },
          { label: t('incidents.field.location'), value: r.location },
          { label: t('incidents.field.narrative'), value: <span className="hearth-pre-line">{r.narrative}</span>, testId: 'incident-narrative' },
          ...(r.residentId ? [{ label: t('incidents.field.injuries'), value: r.injuries || t('incidents.detail.noInjury') }] : []),
          ...(r.bodyLocations?.length ? [{ label: t('incidents.field.bodyLocation'), value: r.bodyLocations.join(', ') }] : []),
          ...(r.sexualAssault || r.physicalAssault
            ? [
                {
                  label: t('incidents.field.suspicions'),
                  value: [r.sexualAssault ? t('incidents.field.sexualAssault') : '', r.physicalAssault ? t('incidents.field.physicalAssault') : ''].filter(Boolean).join('; '),
                },
              ]
            : []),
          { label: t('incidents.field.immediateActions'), value: r.immediateActions },
          {
            label: t('incidents.field.notified'),
            value: (r.notifications ?? []).map((n) => `${t(keyOf(PARTY_KEYS, n.party, 'FAMILY'))} ${time(n.notifiedAt)}`).join('; '),
          },
          { label: t('incidents.field.witnesses'), value: r.witnesses },
          { label: t('incidents.field.reporter'), value: r.authorName },
          ...(r.reviewerName ? [{ label: t('incidents.field.reviewer'), value: r.reviewerName }] : []),
          {
            label: t('incidents.field.files'),
            value: (r.fileIds ?? []).map((id, i) => (
              <Button key={id} variant="minimal" size="small" onClick={() => openFilePreview(id)} data-testid="incident-file">
                {r.files?.find((f) => f.fileId === id)?.name || t('incidents.form.fileN', { n: i + 1 })}
              </Button>
            )),
          },
        ]}
      />

      <section aria-labelledby="incident-duties-title">
        <SectionTitle id="incident-duties-title">{t('incidents.detail.duties')}</SectionTitle>
        {(r.duties ?? []).length === 0 ? <p className="hearth-muted">{t('incidents.duty.none')}</p> : null}
        <ul className="hearth-incident-duties">
          {(r.duties ?? []).map((d) => (
            <DutyRow key={d.dutyId} duty={d} report={r} editable={canReview} time={time} />
          ))}
        </ul>
      </section>

      {review ? (
        <section aria-labelledby="incident-analyses-title">
          <SectionTitle id="incident-analyses-title">{t('incidents.detail.analyses')}</SectionTitle>
          {r.analysisRunning ? <Spinner size={20} /> : null}
          {(r.analyses ?? []).length === 0 && !r.analysisRunning ? <p className="hearth-muted">{t('incidents.analysis.none')}</p> : null}
          {(r.analyses ?? []).map((a) => (
            <AnalysisCard key={a.kind} analysis={a} time={time} onRun={canReview ? () => final.mutate() : undefined} running={final.isPending} />
          ))}
          {canReview ? (
            <Button loading={final.isPending} onClick={() => final.mutate()} data-testid="incident-run-final">
              {t('incidents.analysis.runFinal')}
            </Button>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="incident-timeline-title">
        <SectionTitle id="incident-timeline-title">{t('incidents.detail.timeline')}</SectionTitle>
        <ol className="hearth-incident-timeline" data-testid="incident-timeline">
          {(r.timeline ?? []).map((e, i) => (
            <li key={i} data-action={e.action}>
              <span className="hearth-muted">{time(e.at)}</span> {t(keyOf(EVENT_KEYS, e.action, 'UPDATED'))}
              {e.detail ? ` (${detailKey(e.detail) ? t(detailKey(e.detail)!) : e.detail})` : ''} — {e.who}
            </li>
          ))}
        </ol>
      </section>

      {canReview ? (
        <div className="hearth-incident-actions">
          <Button intent={Intent.SUCCESS} icon={<TickCircleIcon />} onClick={() => setApproving(true)} data-testid="incident-approve">
            {t('incidents.approve.button')}
          </Button>
        </div>
      ) : null}
      {approving ? <ApproveDialog report={r} onClose={() => setApproving(false)} /> : null}
    </div>
  );
}

/** A timeline entry's detail (a duty code or an analysis kind) as a message key, or the text as it is. */
function detailKey(detail: string): (typeof DUTY_KEYS)[keyof typeof DUTY_KEYS] | (typeof ANALYSIS_KEYS)[keyof typeof ANALYSIS_KEYS] | undefined {
  if (Object.hasOwn(DUTY_KEYS, detail)) return DUTY_KEYS[detail as keyof typeof DUTY_KEYS];
  if (Object.hasOwn(ANALYSIS_KEYS, detail)) return ANALYSIS_KEYS[detail as keyof typeof ANALYSIS_KEYS];
  return undefined;
}

function DutyRow({ duty: d, report, editable, time }: { duty: IncidentDuty; report: IncidentReport; editable: boolean; time: (ms: number) => string }) {
  const { t } = useTranslation();
  const now = useNow(60_000);
  const status = dutyStatus(d, now);
  const tick = useAppMutation({
    mutationFn: (done: boolean) => checkDuty({ incidentId: report.incidentId, dutyId: d.dutyId, done }),
    invalidates: incidentWrites,
    success: 'incidents.done.dutyChecked',
  });
  const name = t(keyOf(DUTY_KEYS, d.code, 'NOTIFY_FAMILY'));
  return (
    <li className="hearth-incident-duty" data-testid="incident-duty" data-code={d.code} data-status={status} data-mandatory={d.mandatory ? 'true' : 'false'}>
      {editable ? (
        <Checkbox checked={d.doneAt > 0} disabled={tick.isPending} label={name} onChange={(e) => tick.mutate(e.currentTarget.checked)} data-testid="incident-duty-check" />
      ) : (
        <strong>{name}</strong>
      )}{' '}
      <Tag minimal intent={d.mandatory ? Intent.WARNING : Intent.NONE}>
        {t(d.mandatory ? 'incidents.duty.mandatory' : 'incidents.duty.optional')}
      </Tag>{' '}
      {status === 'overdue' ? (
        <Tag intent={Intent.DANGER} data-testid="incident-duty-overdue">
          {t('incidents.duty.overdue', { time: time(d.dueBy) })}
        </Tag>
      ) : null}
      <div className="hearth-muted">
        {status === 'done'
          ? `${t('incidents.duty.doneBy', { name: d.doneBy, time: time(d.doneAt) })}${d.reference ? ` · ${t('incidents.law.referenceShown', { reference: d.reference })}` : ''}`
          : status === 'waived'
            ? t('incidents.duty.waived', { reason: d.waivedReason })
            : status === 'open'
              ? t('incidents.duty.due', { time: time(d.dueBy) })
              : null}
      </div>
      <div className="hearth-muted hearth-incident-source">{t('incidents.duty.source', { source: d.source })}</div>
    </li>
  );
}

function AnalysisCard({
  analysis: a,
  time,
  onRun,
  running,
}: {
  analysis: IncidentAnalysis;
  time: (ms: number) => string;
  /** Reviewers: run the analysis again (the rules-based state offers it in place). */
  onRun?: () => void;
  running: boolean;
}) {
  const { t } = useTranslation();
  const rules = a.provider === AnalysisByRules;
  const heads: [string, string[]][] = [
    [t('incidents.analysis.possibleCauses'), a.causes ?? []],
    [t('incidents.analysis.contributingFactors'), a.factors ?? []],
    [t('incidents.analysis.preventionMeasures'), a.prevention ?? []],
    [t('incidents.analysis.carePlanChanges'), a.carePlanChanges ?? []],
  ];
  return (
    <Card className="hearth-incident-analysis" data-testid="incident-analysis" data-kind={a.kind} data-provider={a.provider}>
      <H3 className="hearth-incident-analysis-title">{t(keyOf(ANALYSIS_KEYS, a.kind, 'PRELIMINARY'))}</H3>
      {rules ? (
        <TitledCallout level={4} compact data-testid="incident-rules-based" title={t('incidents.analysis.noAI')}>
          <p>{t('incidents.analysis.rulesBased')}</p>
          {onRun ? (
            <Button loading={running} onClick={onRun} data-testid="incident-run-analysis">
              {t('incidents.analysis.runNow')}
            </Button>
          ) : null}
        </TitledCallout>
      ) : (
        <Callout intent={Intent.PRIMARY} compact data-testid="incident-ai-suggestion">
          {t('incidents.analysis.suggestion')}
        </Callout>
      )}
      <p className="hearth-muted">
        {rules
          ? t('incidents.analysis.madeByRules', { version: a.promptVersion, time: time(a.createdAt) })
          : t('incidents.analysis.madeBy', { model: a.model, version: a.promptVersion, time: time(a.createdAt) })}
      </p>
      {heads.map(([title, items]) => (
        <div key={title}>
          <strong>{title}</strong>
          <ul>
            {items.map((x, i) => (
              <li key={i}>{x}</li>
            ))}
          </ul>
        </div>
      ))}
      <p>
        <strong>{t('incidents.analysis.reportable')}</strong> {t(a.reportable ? 'incidents.analysis.yes' : 'incidents.analysis.no')}
        {a.reportableWhy ? ` — ${a.reportableWhy}` : ''}
      </p>
      {a.accepted ? (
        <Tag intent={Intent.SUCCESS} data-testid="incident-analysis-accepted">
          {t('incidents.analysis.accepted')}
        </Tag>
      ) : null}
      {a.accepted && a.editedText ? <p className="hearth-pre-line">{a.editedText}</p> : null}
    </Card>
  );
}

/**
 * Approve and close: final, so it asks; each required duty not done needs the reason it was not; the latest
 * analysis's care plan changes may be accepted as they are or as edited (they become tasks).
 */
function ApproveDialog({ report: r, onClose }: { report: IncidentReport; onClose: () => void }) {
  const { t } = useTranslation();
  const unmet = unmetMandatory(r.duties ?? []);
  const latest = [...(r.analyses ?? [])].sort((a, b) => (a.kind === AnalysisFinal ? 1 : 0) - (b.kind === AnalysisFinal ? 1 : 0)).at(-1);
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [accept, setAccept] = useState(false);
  const [edited, setEdited] = useState(() => (latest?.carePlanChanges ?? []).join('\n'));
  const [missing, setMissing] = useState<string[]>([]);
  const approve = useAppMutation({
    mutationFn: () =>
      approveIncident({
        incidentId: r.incidentId,
        version: r.version,
        waivers: unmet.map((d) => ({ dutyId: d.dutyId, reason: (reasons[d.dutyId] ?? '').trim() })),
        acceptCarePlanChanges: accept,
        editedCarePlanChanges: accept && edited.trim() !== (latest?.carePlanChanges ?? []).join('\n').trim() ? edited.trim() : undefined,
      }),
    invalidates: incidentWrites,
    success: 'incidents.done.approved',
    onSuccess: onClose,
  });
  const server = approve.isPending ? {} : fieldErrors(approve.error, 'waivers');
  const go = () => {
    const empty = unmet.filter((d) => !(reasons[d.dutyId] ?? '').trim()).map((d) => d.dutyId);
    setMissing(empty);
    if (empty.length === 0) approve.mutate();
  };
  return (
    <AppDialog onClose={onClose} title={t('incidents.approve.title')} className="hearth-incident-approve">
      <DialogBody>
        <p>{t('incidents.approve.body')}</p>
        {unmet.length > 0 ? (
          <>
            <Callout intent={Intent.WARNING} compact>
              {t('incidents.approve.unchecked')}
            </Callout>
            {unmet.map((d) => (
              <FormField
                key={d.dutyId}
                id={`waive-${d.dutyId}`}
                label={t(keyOf(DUTY_KEYS, d.code, 'NOTIFY_FAMILY'))}
                required
                error={missing.includes(d.dutyId) ? t('incidents.duty.reasonRequired') : undefined}
              >
                <TextArea
                  id={`waive-${d.dutyId}`}
                  fill
                  rows={2}
                  maxLength={SubDetailsMax}
                  value={reasons[d.dutyId] ?? ''}
                  onChange={(e) => setReasons({ ...reasons, [d.dutyId]: e.currentTarget.value })}
                  data-testid="incident-waive-reason"
                />
              </FormField>
            ))}
          </>
        ) : null}
        {latest && (latest.carePlanChanges ?? []).length > 0 ? (
          <>
            <Checkbox checked={accept} label={t('incidents.approve.accept')} onChange={(e) => setAccept(e.currentTarget.checked)} data-testid="incident-accept-changes" />
            {accept ? (
              <FormField id="incident-edited-changes" label={t('incidents.approve.edit')}>
                <TextArea id="incident-edited-changes" fill rows={4} value={edited} onChange={(e) => setEdited(e.currentTarget.value)} />
              </FormField>
            ) : null}
          </>
        ) : null}
        {Object.values(server).length > 0 ? (
          <Callout intent={Intent.DANGER} compact data-testid="incident-approve-problem">
            {Object.values(server).join(' ')}
          </Callout>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose}>{t('common.action.cancel')}</Button>
            <Button intent={Intent.SUCCESS} loading={approve.isPending} onClick={go} data-testid="incident-approve-confirm">
              {t('incidents.approve.button')}
            </Button>
          </>
        }
      />
    </AppDialog>
  );
}
