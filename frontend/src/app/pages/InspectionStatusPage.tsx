import FacilityInspectionStatus from '@/features/facility-docs/pages/InspectionStatusPage';
import { InspectorLinksSection } from '@/features/inspector/components/InspectorLinksSection';

/**
 * /inspection-status (owners and admins; essential and premium plans): the inspection readiness page of
 * facility-docs with, at its end, the inspector's links (issue 32): issue, list, revoke, and each one's activity.
 */
export default function InspectionStatusPage() {
  return (
    <FacilityInspectionStatus>
      <InspectorLinksSection />
    </FacilityInspectionStatus>
  );
}
