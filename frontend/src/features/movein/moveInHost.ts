// What the page hosting the wizard decides: where a step's URL points, what a new move-in starts with and what
// happens once it is complete. The wizard's own page uses the defaults; smart setup's review hosts the same
// wizard under its own URL, prefilled from the papers, and confirms the resident when the move-in completes.
import { createContext, useContext } from 'react';
import type { CheckIn, CheckInStep } from '@/types/api.gen';
import { stepUrl } from './moveInSteps';
import type { WizardPrefill } from './wizardDrafts';

export interface MoveInHost {
  stepUrl: (step: CheckInStep, residentId: string) => string;
  /** Values the steps not saved yet start with (kept by a step once it saves). */
  prefill?: WizardPrefill;
  /** After "Complete move-in" succeeded, and when the wizard opens on a move-in already complete. */
  onCompleted?: (checkIn: CheckIn) => void;
}

export const MoveInHostContext = createContext<MoveInHost>({ stepUrl });

export function useMoveInHost(): MoveInHost {
  return useContext(MoveInHostContext);
}
