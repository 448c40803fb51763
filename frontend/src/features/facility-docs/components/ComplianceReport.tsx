import { Button, Callout, ProgressBar, Spinner, Tag } from '@blueprintjs/core';
import { DisableIcon, SearchTemplateIcon, TickCircleIcon, WarningSignIcon } from '@blueprintjs/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { FacilityDocAnalysis, FacilityDocCheckResult } from '@/types/api.gen';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { useAppMutation } from '@/lib/api/mutation';
import { currentLanguage } from '@/lib/i18n';
import { useFacilityViewer } from '@/lib/session/viewer';
import { formatDateTime } from '@/lib/time/dateTime';
import { cancelComplianceAnalysis, complianceKey, isRunning, runComplianceAnalysis, useComplianceAnalysis } from '../api/complianceCheck';
import { setText } from '../facilityDocLabels';

/**
 * The compliance check of one document version (issue 32): run it, its progress while it runs (cancel), then
 * the report — each checklist item covered or missing, the document's own words with their page numbers, the
 * WAC source, and who made it: the AI provider (its model) or the rules, which say plainly they are not an AI
 * check. A failed or cancelled check can be run again.
 */
export function ComplianceReport({ versionId, name }: { versionId: string; name: string }) {
  const { t } = useTranslation();
  const query = useComplianceAnalysis(versionId);
  const a = query.data;
  const keys = [complianceKey(versionId)];
  const run = useAppMutation({ mutationFn: runComplianceAnalysis, invalidates: keys, success: 'facilityDocs.analysis.queued' });
  const cancel = useAppMutation({ mutationFn: cancelComplianceAnalysis, invalidates: keys, success: 'facilityDocs.analysis.cancelled' });
  const running = isRunning(a);
  return (
    <section className="hearth-fdoc-check" data-testid="compliance-check" data-state={a?.state ?? ''} aria-label={`${t('facilityDocs.analysis.title')}: ${name}`}>
      <QueryErrorBanner query={query} />
      {!a && query.isPending ? <Spinner size={20} /> : null}
      {a ? (
        <>
          <div className="hearth-fdoc-check-bar">
            {running ? (
              <>
                <span role="status" data-testid="compliance-progress" data-progress={a.progress}>
                  {t(a.step === 'CHECKING' ? 'facilityDocs.analysis.checking' : a.state === 'QUEUED' ? 'facilityDocs.analysis.waiting' : 'facilityDocs.analysis.reading', {
                    progress: a.progress,
                  })}
                </span>
                <ProgressBar value={Math.max(a.progress, 2) / 100} intent="primary" aria-hidden />
                <Button size="small" icon={<DisableIcon />} loading={cancel.isPending} onClick={() => cancel.mutate(versionId)} data-testid="compliance-cancel">
                  {t('facilityDocs.analysis.cancel')}
                </Button>
              </>
            ) : (
              <Button
                size="small"
                intent="primary"
                icon={<SearchTemplateIcon />}
                loading={run.isPending}
                onClick={() => run.mutate(versionId)}
                data-testid="compliance-run"
                aria-label={`${t(a.state === 'NONE' ? 'facilityDocs.analysis.run' : 'facilityDocs.analysis.runAgain')}: ${name}`}
              >
                {t(a.state === 'NONE' ? 'facilityDocs.analysis.run' : 'facilityDocs.analysis.runAgain')}
              </Button>
            )}
          </div>
          {a.state === 'NONE' ? <p className="hearth-muted">{t('facilityDocs.analysis.none')}</p> : null}
          {a.state === 'FAILED' ? (
            <Callout intent="danger" data-testid="compliance-failed">
              {a.errorMessage || t('facilityDocs.analysis.failed')}
            </Callout>
          ) : null}
          {a.state === 'CANCELLED' ? <p className="hearth-muted" data-testid="compliance-cancelled">{t('facilityDocs.analysis.wasCancelled')}</p> : null}
          {a.state === 'DONE' ? <Report a={a} /> : null}
        </>
      ) : null}
    </section>
  );
}

function Report({ a }: { a: FacilityDocAnalysis }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const viewer = useFacilityViewer();
  const ai = a.method === 'AI';
  const when = a.finishTime ? formatDateTime(a.finishTime, viewer.zoneCode, lang) : '';
  return (
    <div data-testid="compliance-report" data-method={a.method}>
      <Callout intent={ai ? 'primary' : 'warning'} icon={ai ? undefined : <WarningSignIcon />} data-testid="compliance-method">
        <strong>{ai ? t('facilityDocs.analysis.byAI', { model: a.model || '—' }) : t('facilityDocs.analysis.byRules')}</strong>
        <div>
          {ai
            ? t('facilityDocs.analysis.aiNote')
            : t('facilityDocs.analysis.rulesNote', { reason: t(`facilityDocs.analysis.reason.${a.rulesReason || 'NO_PROVIDER'}` as 'facilityDocs.analysis.reason.NO_PROVIDER') })}
        </div>
        <div className="hearth-fdoc-source" data-testid="compliance-when">
          {[
            when ? t('facilityDocs.analysis.madeAt', { time: when, name: a.requestedBy || '—' }) : '',
            t('facilityDocs.analysis.pages', { read: a.pagesRead, total: a.totalPages }),
            a.ocrPages > 0 ? t('facilityDocs.analysis.ocrPages', { count: a.ocrPages }) : '',
            a.pagesUnchecked > 0 ? t('facilityDocs.analysis.unchecked', { count: a.pagesUnchecked }) : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </div>
      </Callout>
      <p data-testid="compliance-counts">
        <Tag intent="success" minimal>
          {t('facilityDocs.analysis.covered', { count: a.coveredCount })}
        </Tag>{' '}
        <Tag intent={a.missingCount > 0 ? 'danger' : 'none'} minimal>
          {t('facilityDocs.analysis.missing', { count: a.missingCount })}
        </Tag>
      </p>
      <ul className="hearth-fdoc-check-items">
        {a.items.map((it) => (
          <CheckItem key={it.code} it={it} />
        ))}
      </ul>
    </div>
  );
}

function CheckItem({ it }: { it: FacilityDocCheckResult }) {
  const { t } = useTranslation();
  return (
    <li data-testid="compliance-item" data-code={it.code} data-covered={it.covered} data-unverified={it.unverified}>
      <Tag
        intent={it.covered ? 'success' : it.unverified ? 'warning' : 'danger'}
        icon={it.covered ? <TickCircleIcon /> : <WarningSignIcon />}
      >
        {t(it.covered ? 'facilityDocs.analysis.itemCovered' : it.unverified ? 'facilityDocs.analysis.itemUnverified' : 'facilityDocs.analysis.itemMissing')}
      </Tag>
      <div>
        <strong>{setText(it.labels) || checkItemLabel(t, it.code, it.label)}</strong>
        <div className="hearth-fdoc-source">{it.source}</div>
        {it.unverified ? (
          <p className="hearth-fdoc-source" data-testid="compliance-unverified">
            {t('facilityDocs.analysis.unverifiedNote')}
          </p>
        ) : null}
        {it.evidence.map((e, i) => (
          <blockquote key={i} className="hearth-fdoc-quote" data-testid="compliance-quote" data-page={e.page}>
            “{e.quote}” <span className="hearth-fdoc-source">{t('facilityDocs.analysis.page', { page: e.page })}</span>
          </blockquote>
        ))}
      </div>
    </li>
  );
}

/** A check item in the reader's language (facilityDocs.analysis.item.<code>); an item this UI does not know shows the server's English. */
function checkItemLabel(t: TFunction, code: string, english: string): string {
  const key = `facilityDocs.analysis.item.${code}`;
  const text = t(key as never) as string;
  return text === key ? english : text;
}
