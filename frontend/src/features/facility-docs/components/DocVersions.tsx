import { AnchorButton, Tag } from '@blueprintjs/core';
import { DownloadIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { FacilityDocVersion } from '@/types/api.gen';
import { currentLanguage } from '@/lib/i18n';
import { formatCalendarDate } from '@/lib/time/dateTime';

/** One document's versions, newest first: each with its dates, its metadata and a link to its file. */
export function DocVersions({ versions }: { versions: readonly FacilityDocVersion[] }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const date = (d: string) => formatCalendarDate(d, lang);
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
            <Tag minimal intent={v.signaturesCompleted ? 'success' : 'warning'}>
              {t(v.signaturesCompleted ? 'facilityDocs.versions.signed' : 'facilityDocs.versions.unsigned')}
            </Tag>
          ) : null}
          {v.renewal ? <Tag minimal>{t('facilityDocs.versions.renewal')}</Tag> : null}
          {v.complianceCheck ? <Tag minimal>{t('facilityDocs.versions.complianceChecked')}</Tag> : null}
          {v.buildingSafetyException ? <Tag minimal>{t('facilityDocs.versions.exception')}</Tag> : null}
          {v.isApprovalStep ? <Tag minimal>{t('facilityDocs.versions.approval')}</Tag> : null}
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
        </li>
      ))}
    </ul>
  );
}
