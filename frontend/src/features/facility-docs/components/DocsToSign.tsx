import { useState } from 'react';
import { Alert, Button, Intent } from '@blueprintjs/core';
import { DocumentOpenIcon, EndorsedIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { FacilityDocVersion } from '@/types/api.gen';
import { useAppMutation } from '@/lib/api/mutation';
import { sidebarCountsKey } from '@/lib/api/queryKeys';
import { openFilePreview } from '@/lib/files/preview';
import { currentLanguage } from '@/lib/i18n';
import { formatCalendarDate } from '@/lib/time/dateTime';
import { useFacilityDocsToSign } from '../api/docsToSign';
import { facilityDocsKey, signFacilityDocument } from '../api/facilityDocs';
import { categoryLabel } from '../facilityDocLabels';
import '../facilityDocs.css';
import '../docsToSign.css';

/**
 * "Documents waiting for your signature": the facility document versions the signed-in person (a caregiver, an
 * admin or an owner) was named to sign, each with its category, version and the day it has waited since; Read
 * opens the file, Sign asks to confirm and signs with the person's own sign-in (time-stamped and audited by the
 * server). Shows nothing when nothing waits, when the list cannot be read, and on a free-plan home (7003).
 */
export function DocsToSign() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const list = useFacilityDocsToSign();
  const [confirming, setConfirming] = useState<FacilityDocVersion | null>(null);
  const sign = useAppMutation({
    mutationFn: signFacilityDocument,
    invalidates: [facilityDocsKey, ['system', 'dashboard'], sidebarCountsKey],
    success: 'facilityDocs.sign.signed',
    onSettled: () => setConfirming(null),
  });
  const versions = list.data ?? [];
  if (versions.length === 0) return null;
  const version = (v: FacilityDocVersion) => t('facilityDocs.versions.version', { n: v.version });
  return (
    <section className="hearth-fdoc-tosign" data-testid="docs-to-sign" aria-labelledby="docs-to-sign-title">
      <h2 className="hearth-section-title" id="docs-to-sign-title">
        {t('facilityDocs.toSign.title', { count: versions.length })}
      </h2>
      <p className="hearth-muted">{t('facilityDocs.toSign.intro')}</p>
      <ul className="hearth-fdoc-tosign-list">
        {versions.map((v) => (
          <li key={v.versionId} data-testid="doc-to-sign" data-version-id={v.versionId}>
            <div className="hearth-fdoc-tosign-what">
              <strong>{v.name}</strong>
              <span className="hearth-fdoc-source">
                {[categoryLabel(t, v.category), version(v), t('facilityDocs.toSign.since', { date: formatCalendarDate(v.uploadedOn, lang) })].join(' · ')}
              </span>
              {v.uploaderName ? <span className="hearth-fdoc-source">{t('facilityDocs.toSign.from', { name: v.uploaderName })}</span> : null}
            </div>
            <div className="hearth-fdoc-actions">
              <Button
                icon={<DocumentOpenIcon />}
                onClick={() => openFilePreview(v.file.fileId)}
                data-testid="doc-to-sign-read"
                aria-label={`${t('facilityDocs.toSign.read')}: ${v.name} (${version(v)})`}
              >
                {t('facilityDocs.toSign.read')}
              </Button>
              <Button
                intent="primary"
                icon={<EndorsedIcon />}
                onClick={() => setConfirming(v)}
                data-testid="doc-to-sign-sign"
                aria-label={`${t('facilityDocs.sign.sign')}: ${v.name} (${version(v)})`}
              >
                {t('facilityDocs.sign.sign')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <Alert
        isOpen={confirming !== null}
        intent={Intent.PRIMARY}
        icon={<EndorsedIcon />}
        confirmButtonText={t('facilityDocs.sign.sign')}
        cancelButtonText={t('facilityDocs.toSign.cancel')}
        loading={sign.isPending}
        canEscapeKeyCancel
        aria-labelledby="doc-to-sign-confirm-text"
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && sign.mutate(confirming.versionId)}
      >
        <p id="doc-to-sign-confirm-text" data-testid="doc-to-sign-confirm">
          {confirming ? t('facilityDocs.toSign.confirm', { name: confirming.name, version: version(confirming) }) : ''}
        </p>
      </Alert>
    </section>
  );
}
