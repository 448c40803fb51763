import { Callout, Intent } from '@blueprintjs/core';

/**
 * The form's problem at its top: what stops the save (a plan limit, "fix the fields below", the server's
 * word). Shown where the user starts reading, whatever part of a long form is in view.
 */
export function FormProblem({ message, testId }: { message: string | null | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <Callout intent={Intent.DANGER} compact role="alert" className="hearth-gap-bottom" data-form-problem data-testid={testId}>
      {message}
    </Callout>
  );
}
