import { useState } from 'react';
import { Button, Classes, HTMLTable, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { ArrowLeftIcon, ArrowRightIcon, DownloadIcon, RefreshIcon, SearchIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '@/components/AppDialog';
import { PageHeader } from '@/components/PageHeader';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { useAppMutation } from '@/lib/api/mutation';
import { exportAuditLogs, useAuditLogs, type AuditLogEntry, type AuditLogFilter } from '../api/auditLogs';
import { auditDiff } from '../auditDiff';

const SIZE = 20;
type Draft = Record<'tenantId' | 'userId' | 'action' | 'entity' | 'entityId' | 'from' | 'to', string>;
const NO_DRAFT: Draft = { tenantId: '', userId: '', action: '', entity: '', entityId: '', from: '', to: '' };

function toFilter(d: Draft): AuditLogFilter {
  const f: AuditLogFilter = {};
  for (const k of ['tenantId', 'userId', 'action', 'entity', 'entityId'] as const) if (d[k].trim()) f[k] = d[k].trim();
  if (d.from) f.from = new Date(`${d.from}T00:00`).getTime();
  if (d.to) f.to = new Date(`${d.to}T00:00`).getTime() + 86_400_000; // the whole last day
  return f;
}

/** /IAM/audit-logs (super admin): every audited change, newest first, with its before and after. */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(NO_DRAFT);
  const [filter, setFilter] = useState<AuditLogFilter>({});
  // The cursors of the pages before this one: Back pops one.
  const [trail, setTrail] = useState<string[]>([]);
  const [after, setAfter] = useState('');
  const list = useAuditLogs(filter, after, SIZE);
  const [open, setOpen] = useState<AuditLogEntry | null>(null);
  const download = useAppMutation({ mutationFn: () => exportAuditLogs(filter) });
  const apply = (d: Draft) => {
    setFilter(toFilter(d));
    setTrail([]);
    setAfter('');
  };
  const input = (k: keyof Draft, type = 'text') => (
    <InputGroup
      aria-label={t(`platformAudit.field.${k}`)}
      placeholder={t(`platformAudit.field.${k}`)}
      type={type}
      maxLength={100}
      value={draft[k]}
      data-testid={`audit-filter-${k}`}
      onChange={(e) => setDraft({ ...draft, [k]: e.currentTarget.value })}
    />
  );
  return (
    <div className="hearth-page">
      <PageHeader title={t('platformAudit.title')} />
      <p className="hearth-muted">{t('platformAudit.intro')}</p>
      <form
        className="hearth-filter-bar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          apply(draft);
        }}
      >
        {input('action')}
        {input('entity')}
        {input('entityId')}
        {input('tenantId')}
        {input('userId')}
        {input('from', 'date')}
        {input('to', 'date')}
        <Button
          icon={<RefreshIcon />}
          onClick={() => {
            setDraft(NO_DRAFT);
            apply(NO_DRAFT);
          }}
        >
          {t('platformAudit.reset')}
        </Button>
        <Button type="submit" intent={Intent.PRIMARY} icon={<SearchIcon />} data-testid="audit-search">
          {t('platformAudit.search')}
        </Button>
        <Button icon={<DownloadIcon />} loading={download.isPending} onClick={() => download.mutate()}>
          {t('platformAudit.export')}
        </Button>
      </form>
      <QueryErrorBanner query={list} />
      <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('platformAudit.title')}>
        <HTMLTable striped compact interactive style={{ width: '100%' }} data-testid="audit-table">
          <thead>
            <tr>
              <th>{t('platformAudit.col.time')}</th>
              <th>{t('platformAudit.col.action')}</th>
              <th>{t('platformAudit.col.record')}</th>
              <th>{t('platformAudit.col.who')}</th>
              <th>{t('platformAudit.col.facility')}</th>
            </tr>
          </thead>
          <tbody>
            {(list.data?.records ?? []).map((e) => (
              <tr key={e.id} data-testid="audit-row">
                <td>
                  <Button variant="minimal" onClick={() => setOpen(e)}>
                    {new Date(e.createTime).toLocaleString()}
                  </Button>
                </td>
                <td>{e.action}</td>
                <td>
                  {e.entity} <small className="hearth-muted">{e.entityId}</small>
                </td>
                <td>{e.actorName || t('platformAudit.system')}</td>
                <td>{e.facilityName || (e.tenantId ? e.tenantId : t('platformAudit.platform'))}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      <div className="hearth-filter-bar">
        <Button
          icon={<ArrowLeftIcon />}
          disabled={trail.length === 0}
          onClick={() => {
            setAfter(trail[trail.length - 1] ?? '');
            setTrail(trail.slice(0, -1));
          }}
        >
          {t('platformAudit.newer')}
        </Button>
        <Button
          rightIcon={<ArrowRightIcon />}
          disabled={!list.data?.next}
          data-testid="audit-older"
          onClick={() => {
            setTrail([...trail, after]);
            setAfter(list.data?.next ?? '');
          }}
        >
          {t('platformAudit.older')}
        </Button>
      </div>
      {open ? <DetailDialog entry={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

function DetailDialog({ entry, onClose }: { entry: AuditLogEntry; onClose: () => void }) {
  const { t } = useTranslation();
  const lines = auditDiff(entry.before, entry.after);
  return (
    <AppDialog title={t('platformAudit.detailTitle', { action: entry.action })} onClose={onClose} style={{ width: 'min(720px, 96vw)' }}>
      <div className={Classes.DIALOG_BODY}>
        <p>
          {new Date(entry.createTime).toLocaleString()} · {entry.actorName || t('platformAudit.system')} · {entry.entity} {entry.entityId}
        </p>
        <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('platformAudit.changes')}>
          <HTMLTable compact style={{ width: '100%' }} data-testid="audit-diff">
            <thead>
              <tr>
                <th>{t('platformAudit.col.field')}</th>
                <th>{t('platformAudit.col.before')}</th>
                <th>{t('platformAudit.col.after')}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <tr key={l.field}>
                  <td>
                    {l.field} {l.change !== 'same' ? <Tag minimal intent={Intent.WARNING}>{t(`platformAudit.change.${l.change}`)}</Tag> : null}
                  </td>
                  <td style={{ wordBreak: 'break-word' }}>{l.before}</td>
                  <td style={{ wordBreak: 'break-word' }}>{l.after}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      </div>
    </AppDialog>
  );
}
