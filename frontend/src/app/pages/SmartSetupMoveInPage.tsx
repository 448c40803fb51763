import { MoveInHostContext } from '@/features/movein/moveInHost';
import { MoveInFlow } from '@/features/movein/pages/MoveInPage';
import SmartSetupPage from '@/features/smartsetup/pages/SmartSetupPage';

/**
 * /resident-management/batch-upload/{step}: the smartsetup feature's screens, whose review of one resident is
 * the movein feature's wizard under the review's URL, prefilled from the papers and confirming the group when
 * the move-in completes (the wizard's own steps and rules: medication orders are active only once reviewed).
 */
export default function SmartSetupMoveInPage() {
  return (
    <SmartSetupPage
      wizard={({ host, residentId, requested }) => (
        <MoveInHostContext.Provider value={host}>
          <MoveInFlow residentId={residentId} requested={requested} />
        </MoveInHostContext.Provider>
      )}
    />
  );
}
