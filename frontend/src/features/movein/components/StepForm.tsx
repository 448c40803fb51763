import type { ReactNode, RefObject } from 'react';
import { Callout, Intent } from '@blueprintjs/core';
import type { ResidentFile } from '@/types/api.gen';
import { SectionTitle } from '@/components/SectionTitle';
import { DocumentsPicker } from './DocumentsPicker';
import { StepFooter } from './StepFooter';

export interface StepProblemText {
  message: string;
  /** Further messages of the same refusal (each naming its item or field). */
  details: string[];
}

/** The documents of a step: chosen on it, sent with its save; those the move-in saved already. */
export interface StepDocuments {
  files: File[];
  onFiles: (files: File[]) => void;
  savedFiles: readonly ResidentFile[];
}

interface StepFormProps {
  title: string;
  hint?: ReactNode;
  /** The step's save (useStepSave): what stops it, its form, whether it is under way. */
  step: { problem: StepProblemText | null; formRef: RefObject<HTMLFormElement | null>; mutation: { isPending: boolean } };
  onSubmit: () => void;
  onBack?: () => void;
  testId: string;
  /** The step's documents, after its content, and what they are for. */
  documents?: StepDocuments;
  documentsHint?: string;
  children: ReactNode;
}

/**
 * One step of the wizard: its title, what stops the save at the top (focused after a refusal, so a
 * message naming "Task 3" is read first), the step's content, and Back / Next.
 */
export function StepForm({ title, hint, step, onSubmit, onBack, testId, documents, documentsHint = '', children }: StepFormProps) {
  const { problem, formRef } = step;
  return (
    <form
      ref={formRef}
      noValidate
      className="hearth-movein-step-form"
      data-testid={testId}
      aria-labelledby={`${testId}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <SectionTitle id={`${testId}-title`} className="hearth-movein-step-title">
        {title}
      </SectionTitle>
      {hint ? <p className="hearth-muted">{hint}</p> : null}
      {problem ? (
        <Callout intent={Intent.DANGER} compact role="alert" className="hearth-gap-bottom" data-form-problem data-testid="movein-problem">
          {problem.message}
          {problem.details.length > 0 ? (
            <ul className="hearth-movein-problem-list">
              {problem.details.map((d, i) => (
                <li key={i}>{d}</li>
              ))}
            </ul>
          ) : null}
        </Callout>
      ) : null}
      {children}
      {documents ? <DocumentsPicker files={documents.files} onChange={documents.onFiles} saved={documents.savedFiles} hint={documentsHint} /> : null}
      <StepFooter onBack={onBack} busy={step.mutation.isPending} />
    </form>
  );
}
