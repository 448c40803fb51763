import { useMemo, useState, type ReactNode } from 'react';
import { Button, Callout, Section, SectionCard, Spinner, Tag } from '@blueprintjs/core';
import { DocumentIcon, FlagIcon, PeopleIcon, PersonIcon, PrintIcon, SearchTemplateIcon, UploadIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { FacilityDocument, FacilityRequirement } from '@/types/api.gen';
import { PageHeader } from '@/components/PageHeader';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { SectionTitle, SubsectionTitle } from '@/components/SectionTitle';
import { Select } from '@/components/Select';
import { LANGUAGES, currentLanguage, isLanguage } from '@/lib/i18n';
import { saveBlob } from '@/lib/files/preview';
import { formatCalendarDate } from '@/lib/time/dateTime';
import { useFacilityFiles, useFacilityInspections } from '../api/facilityDocs';
import { printInspectionReport, useResidentInspections, useStaffInspections } from '../api/inspectionAreas';
import { InspectionAreaView } from '../components/InspectionAreaView';
import { documentCounts, overall, score, scoreIntent } from '../inspectionScore';
import { DocVersions } from '../components/DocVersions';
import { DocsToSign } from '../components/DocsToSign';
import { ComplianceReport } from '../components/ComplianceReport';
import { RedFlags } from '../components/RedFlags';
import { FacilityDocUploadDialog, type UploadStart } from '../components/FacilityDocUploadDialog';
import { CATEGORIES, STATUSES, categoryLabel, isStatus, requirementLabel, statusIntent, statusLabel } from '../facilityDocLabels';
import '../facilityDocs.css';

function stateClass(status: string): string {
  return `hearth-state-${statusIntent(status)}`;
}

/**
 * /inspection-status (owners and admins; essential and premium plans): the inspection readiness page — a score
 * per area and overall, the residents and staff areas (each gap linked to the page where it is fixed), and the
 * facility documents: the checklist of what Washington asks a home to keep, each item's status computed by the
 * server, uploads with their metadata, every version with its file. children: what the app adds at its end (the
 * inspector's links, src/app/pages/InspectionStatusPage).
 */
export default function InspectionStatusPage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : '';
  const checklist = useFacilityInspections(status ? { status } : {});
  const files = useFacilityFiles({});
  const [upload, setUpload] = useState<UploadStart | null>(null);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const [checks, setChecks] = useState<Record<string, boolean>>({});
  const onlyFlags = params.get('redFlags') === '1';
  const [printLang, setPrintLang] = useState<string>(lang);
  const [printing, setPrinting] = useState(false);
  const print = async () => {
    setPrinting(true);
    try {
      const file = await printInspectionReport(printLang);
      saveBlob(new Blob([file.blob], { type: 'application/pdf' }), file.fileName || 'inspection-readiness.pdf');
    } catch {
      // The client has reported the failure.
    } finally {
      setPrinting(false);
    }
  };
  const allItems = useFacilityInspections({});
  const residents = useResidentInspections();
  const staff = useStaffInspections();
  const docCounts = allItems.data ? documentCounts(allItems.data.items) : undefined;
  const areas = [
    { key: 'residents', label: t('facilityDocs.area.residents'), counts: residents.data },
    { key: 'staff', label: t('facilityDocs.area.staff'), counts: staff.data },
    { key: 'documents', label: t('facilityDocs.section.documents'), counts: docCounts },
  ];
  const overallScore = residents.data && staff.data && docCounts ? overall([residents.data, staff.data, docCounts]) : undefined;

  const byId = useMemo(() => {
    const m = new Map<string, FacilityDocument>();
    for (const d of files.data ?? []) m.set(d.documentId, d);
    return m;
  }, [files.data]);
  // Documents of no checklist item, or of one the super admin retired, stay listed and readable here.
  const codes = new Set((checklist.data?.items ?? []).map((it) => it.code));
  const others = (files.data ?? []).filter((d) => !d.requirementCode || (checklist.data && !codes.has(d.requirementCode)));
  const data = checklist.data;
  const items = (data?.items ?? []).filter((it) => !onlyFlags || (it.redFlags?.length ?? 0) > 0);

  const toggle = (id: string) => setOpen((o) => ({ ...o, [id]: !o[id] }));
  const itemRow = (it: FacilityRequirement) => {
    const name = requirementLabel(t, it.code, it.names);
    const doc = it.documentId ? byId.get(it.documentId) : undefined;
    const cur = it.current;
    return (
      <li key={it.code} className={`hearth-fdoc-item ${stateClass(it.status)}`} data-testid="fdoc-item" data-code={it.code} data-status={it.status}>
        <div>
          <Tag intent={statusIntent(it.status)} data-testid="fdoc-status">
            {statusLabel(t, it.status)}
          </Tag>
        </div>
        <div>
          <strong>{name}</strong>
          <div className="hearth-fdoc-source">
            {[
              cur ? cur.name : '',
              cur?.expiresOn ? t('facilityDocs.item.expires', { date: formatCalendarDate(cur.expiresOn, lang) }) : '',
              !cur && it.expiryRequired ? t('facilityDocs.item.expiryRequired') : '',
              it.versionCount > 0 ? t('facilityDocs.item.versions', { count: it.versionCount }) : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          </div>
          <div className="hearth-fdoc-source">{it.source}</div>
          {cur && (cur.awaitingSignatures > 0 || cur.awaitingApproval) ? (
            <div className="hearth-fdoc-flags" data-testid="fdoc-flag">
              {cur.awaitingSignatures > 0 ? (
                <Tag intent="danger" minimal data-testid="fdoc-flag-signatures">
                  {t('facilityDocs.sign.awaiting', { count: cur.awaitingSignatures })}
                </Tag>
              ) : null}
              {cur.awaitingApproval ? (
                <Tag intent="danger" minimal data-testid="fdoc-flag-approval">
                  {t('facilityDocs.sign.awaitingApproval')}
                </Tag>
              ) : null}
            </div>
          ) : null}
          <RedFlags flags={it.redFlags} />
        </div>
        <div className="hearth-fdoc-actions">
          {cur ? (
            <Button
              size="small"
              variant="minimal"
              icon={<SearchTemplateIcon />}
              aria-expanded={Boolean(checks[cur.versionId])}
              aria-label={`${t(checks[cur.versionId] ? 'facilityDocs.analysis.hide' : 'facilityDocs.analysis.open')}: ${name}`}
              data-testid="fdoc-check"
              onClick={() => setChecks((c) => ({ ...c, [cur.versionId]: !c[cur.versionId] }))}
            >
              {t(checks[cur.versionId] ? 'facilityDocs.analysis.hide' : 'facilityDocs.analysis.open')}
            </Button>
          ) : null}
          <Button
            size="small"
            variant="minimal"
            icon={<UploadIcon />}
            aria-label={`${t(cur ? 'facilityDocs.action.renew' : 'facilityDocs.action.upload')}: ${name}`}
            data-testid="fdoc-upload"
            onClick={() => setUpload({ category: it.category, requirementCode: it.code, name: cur?.name ?? name, renewal: Boolean(cur) })}
          >
            {t(cur ? 'facilityDocs.action.renew' : 'facilityDocs.action.upload')}
          </Button>
          {it.documentId ? (
            <Button
              size="small"
              variant="minimal"
              icon={<DocumentIcon />}
              aria-expanded={Boolean(open[it.documentId])}
              aria-label={`${t(open[it.documentId] ? 'facilityDocs.action.hideVersions' : 'facilityDocs.action.versions')}: ${name}`}
              data-testid="fdoc-versions"
              onClick={() => toggle(it.documentId as string)}
            >
              {t(open[it.documentId] ? 'facilityDocs.action.hideVersions' : 'facilityDocs.action.versions')}
            </Button>
          ) : null}
        </div>
        {cur && checks[cur.versionId] ? <ComplianceReport versionId={cur.versionId} name={name} /> : null}
        {it.documentId && open[it.documentId] ? (
          doc ? <DocVersions versions={doc.versions} /> : <Spinner size={16} />
        ) : null}
      </li>
    );
  };

  return (
    <div className="hearth-page">
      <PageHeader title={t('facilityDocs.title')} />
      <DocsToSign />
      <div className="hearth-inspect-summary" data-testid="inspect-summary" aria-label={t('facilityDocs.score.title')} role="group">
        {overallScore !== undefined ? (
          <Tag intent={scoreIntent(overallScore)} large data-testid="inspect-overall" data-score={overallScore}>
            {t('facilityDocs.score.overall', { score: overallScore })}
          </Tag>
        ) : null}
        {areas.map((a) =>
          a.counts ? (
            <Tag key={a.key} minimal intent={scoreIntent(score(a.counts.inOrder, a.counts.total))} data-testid="inspect-area-score" data-area={a.key}>
              {t('facilityDocs.score.area', { area: a.label, score: score(a.counts.inOrder, a.counts.total) })}
            </Tag>
          ) : null,
        )}
      </div>
      <div className="hearth-filter-bar hearth-inspect-print" data-testid="inspect-print">
        <Select
          id="inspect-print-lang"
          aria-label={t('facilityDocs.print.language')}
          value={printLang}
          data-testid="inspect-print-lang"
          onChange={(e) => {
            const next = e.currentTarget.value;
            if (isLanguage(next)) setPrintLang(next);
          }}
          options={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))}
        />
        <Button icon={<PrintIcon />} loading={printing} onClick={() => void print()} data-testid="inspect-print-button">
          {t('facilityDocs.print.button')}
        </Button>
        <span className="hearth-muted hearth-fdoc-source">{t('facilityDocs.print.hint')}</span>
      </div>
      <InspectionAreaView query={residents} title={t('facilityDocs.area.residents')} icon={<PersonIcon />} testId="inspect-residents" />
      <InspectionAreaView query={staff} title={t('facilityDocs.area.staff')} icon={<PeopleIcon />} testId="inspect-staff" />
      <Section titleRenderer={SectionTitle} title={t('facilityDocs.section.documents')} icon={<DocumentIcon />}>
        <SectionCard>
          <QueryErrorBanner query={checklist} />
          <QueryErrorBanner query={files} />
          {data ? (
            <>
              <p className="hearth-muted">
                {t('facilityDocs.intro', { today: formatCalendarDate(data.today, lang), days: data.expiringSoonDays })}
              </p>
              <div className="hearth-fdoc-summary" data-testid="fdoc-summary">
                <Tag intent={data.missingCount ? 'danger' : 'none'} minimal data-testid="fdoc-missing">
                  {t('facilityDocs.summary.missing', { count: data.missingCount })}
                </Tag>
                <Tag intent={data.expiredCount ? 'danger' : 'none'} minimal data-testid="fdoc-expired">
                  {t('facilityDocs.summary.expired', { count: data.expiredCount })}
                </Tag>
                <Tag intent={data.expiringSoonCount ? 'warning' : 'none'} minimal data-testid="fdoc-expiring">
                  {t('facilityDocs.summary.expiringSoon', { count: data.expiringSoonCount })}
                </Tag>
                <Button
                  size="small"
                  icon={<FlagIcon />}
                  intent={data.redFlagCount ? 'danger' : 'none'}
                  aria-pressed={onlyFlags}
                  title={t(onlyFlags ? 'facilityDocs.redFlag.showAll' : 'facilityDocs.redFlag.onlyFlags')}
                  data-testid="fdoc-red-flag-count"
                  onClick={() => setParams(onlyFlags ? {} : { redFlags: '1' }, { replace: true })}
                >
                  {t('facilityDocs.redFlag.summary', { count: data.redFlagCount })}
                </Button>
              </div>
            </>
          ) : checklist.isPending ? (
            <Spinner size={24} />
          ) : null}
          <div className="hearth-filter-bar">
            <Select
              id="fdoc-status"
              aria-label={t('facilityDocs.filter.status')}
              value={status}
              data-testid="fdoc-status-filter"
              onChange={(e) => {
                const next = e.currentTarget.value;
                setParams(next ? { status: next } : {}, { replace: true });
              }}
              options={[{ value: '', label: t('facilityDocs.filter.all') }, ...STATUSES.map((s) => ({ value: s, label: statusLabel(t, s) }))]}
            />
            <Button icon={<UploadIcon />} data-testid="fdoc-upload-other" onClick={() => setUpload({})}>
              {t('facilityDocs.action.uploadOther')}
            </Button>
          </div>
          {data && items.length === 0 ? <Callout>{t('facilityDocs.none')}</Callout> : null}
          {CATEGORIES.map((c) => {
            const mine = items.filter((it) => it.category === c);
            if (mine.length === 0) return null;
            return (
              <section key={c} data-testid="fdoc-category" data-category={c}>
                <SubsectionTitle>{categoryLabel(t, c)}</SubsectionTitle>
                <ul className="hearth-fdoc-list">{mine.map(itemRow)}</ul>
              </section>
            );
          })}
          {status === '' ? (
            <section data-testid="fdoc-others">
              <SubsectionTitle>{t('facilityDocs.others.title')}</SubsectionTitle>
              {files.data && others.length === 0 ? <p className="hearth-muted">{t('facilityDocs.others.none')}</p> : null}
              {others.length > 0 ? (
              <ul className="hearth-fdoc-list">
                {others.map((d) => {
                  const cur = d.versions[0];
                  return (
                    <li key={d.documentId} className="hearth-fdoc-item" data-testid="fdoc-other">
                      <div>
                        <Tag minimal>{categoryLabel(t, d.category)}</Tag>
                      </div>
                      <div>
                        <strong>{cur?.name}</strong>
                        <div className="hearth-fdoc-source">{t('facilityDocs.item.versions', { count: d.versions.length })}</div>
                      </div>
                      <div className="hearth-fdoc-actions">
                        <Button
                          size="small"
                          variant="minimal"
                          icon={<UploadIcon />}
                          aria-label={`${t('facilityDocs.action.renew')}: ${cur?.name ?? ''}`}
                          onClick={() => setUpload({ category: d.category, documentId: d.documentId, name: cur?.name })}
                        >
                          {t('facilityDocs.action.renew')}
                        </Button>
                      </div>
                      <DocVersions versions={d.versions} />
                    </li>
                  );
                })}
              </ul>
              ) : null}
            </section>
          ) : null}
        </SectionCard>
      </Section>
      {children}
      {upload ? <FacilityDocUploadDialog start={upload} requirements={allItems.data?.items ?? items} onClose={() => setUpload(null)} /> : null}
    </div>
  );
}
