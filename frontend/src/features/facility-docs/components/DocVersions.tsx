import { AnchorButton, Button, Tag } from '@blueprintjs/core';
import { DownloadIcon, EndorsedIcon, TickIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { FacilityDocVersion } from '@/types/api.gen';
import { useAppMutation } from '@/lib/api/mutation';
import { sidebarCountsKey } from '@/lib/api/queryKeys';
import { currentLanguage } from '@/lib/i18n';
import { useFacilityViewer } from '@/lib/session/viewer';
import { formatCalendarDate, formatDateTime } from '@/lib/time/dateTime';
import { approveFacilityDocument, facilityDocsKey, signFacilityDocument } from '../api/facilityDocs';

/** One document's versions, newest first: each with its dates, its metadata and a link to its file. */
export function DocVersions({ versions }: { versions: readonly FacilityDocVersion[] }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const date = (d: string) => formatCalendarDate(d, lang);
  const viewer = useFacilityViewer();
  const writes = [facilityDocsKey, ['system', 'dashboard'], sidebarCountsKey];
  const sign = useAppMutation({ mutationFn: signFacilityDocument, invalidates: writes, success: 'facilityDocs.sign.signed' });
  const approve = useAppMutation({ mutationFn: approveFacilityDocument, invalidates: writes, success: 'facilityDocs.sign.approved' });
  return (
    <ul className="hearth-fdoc-versions" data-testid="doc-versions">
      {versions.map((v) => (
        <li key={v.versionId} data-testid="doc-version" data-version={v.version}>
          <strong>{t('facilityDocs.versions.version', { n: v.version })}</strong>
          <span>{v.name}</span>
          <span className="hearth-fdoc-source">
            {[
              v.docType,
              v.validFrom ? t('facilityDocs.item.validFrom', { date: date(v.validFrom) }) : '',
              v.expiresOn ? t('facilityDocs.item.expires', { date: date(v.expiresOn) }) : t('facilityDocs.item.noExpiry'),
              t('facilityDocs.versions.uploaded', { date: date(v.uploadedOn), name: v.uploaderName || '—' }),
              v.signer ? t('facilityDocs.versions.signer', { name: v.signer }) : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
          {v.signaturesRequired ? (
            <Tag minimal intent={v.awaitingSignatures === 0 ? 'success' : 'danger'} data-testid="doc-signed-state">
              {v.awaitingSignatures === 0 ? t('facilityDocs.versions.signed') : t('facilityDocs.sign.awaiting', { count: v.awaitingSignatures })}
            </Tag>
          ) : null}
          {v.isApprovalStep ? (
            <Tag minimal intent={v.awaitingApproval ? 'danger' : 'success'} data-testid="doc-approval-state">
              {t(v.awaitingApproval ? 'facilityDocs.sign.awaitingApproval' : 'facilityDocs.sign.approvedTag')}
            </Tag>
          ) : null}
          {v.renewal ? <Tag minimal>{t('facilityDocs.versions.renewal')}</Tag> : null}
          {v.complianceCheck ? <Tag minimal>{t('facilityDocs.versions.complianceChecked')}</Tag> : null}
          {v.buildingSafetyException ? <Tag minimal>{t('facilityDocs.versions.exception')}</Tag> : null}
          <AnchorButton
            size="small"
            variant="minimal"
            icon={<DownloadIcon />}
            href={v.file.url}
            download={v.file.name}
            aria-label={`${t('facilityDocs.action.download')}: ${v.name} (${t('facilityDocs.versions.version', { n: v.version })})`}
            data-testid="doc-download"
          >
            {t('facilityDocs.action.download')}
          </AnchorButton>
          {(v.signatures ?? []).length > 0 ? (
            <ul className="hearth-fdoc-signatures" data-testid="doc-signatures">
              {(v.signatures ?? []).map((g) => (
                <li key={`${g.role}-${g.userId}`} data-testid="doc-signature" data-signed={g.signedAt > 0}>
                  {g.signedAt > 0
                    ? t(g.role === 'APPROVER' ? 'facilityDocs.sign.approvedBy' : 'facilityDocs.sign.signedBy', {
                        name: g.name || '—',
                        time: formatDateTime(g.signedAt, viewer.zoneCode, lang),
                      })
                    : t('facilityDocs.sign.waitingFor', { name: g.name || '—' })}
                  {g.role === 'SIGNER' && g.signedAt === 0 && g.userId === viewer.userId ? (
                    <Button
                      size="small"
                      intent="primary"
                      icon={<EndorsedIcon />}
                      loading={sign.isPending}
                      onClick={() => sign.mutate(v.versionId)}
                      data-testid="doc-sign"
                      aria-label={`${t('facilityDocs.sign.sign')}: ${v.name} (${t('facilityDocs.versions.version', { n: v.version })})`}
                    >
                      {t('facilityDocs.sign.sign')}
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {v.awaitingApproval && v.awaitingSignatures === 0 ? (
            <Button
              size="small"
              intent="primary"
              icon={<TickIcon />}
              loading={approve.isPending}
              onClick={() => approve.mutate(v.versionId)}
              data-testid="doc-approve"
              aria-label={`${t('facilityDocs.sign.approve')}: ${v.name} (${t('facilityDocs.versions.version', { n: v.version })})`}
            >
              {t('facilityDocs.sign.approve')}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
