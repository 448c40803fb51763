import { Card } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { CredentialChecklist } from '@/features/staff/components/CredentialChecklist';
import { CredentialRecords } from '@/features/staff/components/CredentialRecords';
import { useMyFiles, useMyInspections } from '@/features/staff/api/myCredentials';
import { RequestForm } from '@/features/requests/components/RequestForm';
import { RequestHistory } from '@/features/requests/components/RequestHistory';
import { useMyStatus } from '@/features/attendance/api/myStatus';
import { ClockCard } from '@/features/attendance/components/ClockCard';
import { PinCard } from '@/features/attendance/components/PinCard';
import { MyShifts } from '@/features/shifts/components/MyShifts';
import { DocsToSign } from '@/features/facility-docs/components/DocsToSign';
import '@/features/staff/staff.css';
import '@/features/shifts/shifts.css';

/**
 * /your-status (caregiver): clock in and out, this week's hours, own credentials and what is due, the kiosk
 * PIN, and requests (issue 5); my upcoming shifts, the next one highlighted (issue 19; also on /shift-report);
 * first, the facility documents waiting for my signature, to read and sign (issue 32; nothing when none wait).
 */
export default function YourStatusPage() {
  const { t } = useTranslation();
  const status = useMyStatus();
  const inspections = useMyInspections();
  const files = useMyFiles();
  return (
    <div className="hearth-page">
      <PageHeader title={t('attendance.page.title')} />
      <DocsToSign />
      <ClockCard status={status.data} />
      <MyShifts />
      <div className="hearth-status-grid">
        <PinCard status={status.data} />
        <Card>
          <h2 className="hearth-section-title">{t('attendance.page.newRequest')}</h2>
          <RequestForm />
        </Card>
      </div>
      <h2 className="hearth-section-title">{t('attendance.page.myRequests')}</h2>
      <RequestHistory />
      <h2 className="hearth-section-title">{t('attendance.page.myCredentials')}</h2>
      <CredentialChecklist data={inspections.data} loading={inspections.isPending} />
      <h2 className="hearth-section-title">{t('staff.credential.records')}</h2>
      <CredentialRecords records={files.data ?? []} />
    </div>
  );
}
