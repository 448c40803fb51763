import { useState } from 'react';
import { useRuleMessage, type RuleError } from './FormField';
import { useRevealErrors } from './useReveal';

/**
 * A dialog's form as typed, and its own rules: `check()` before a save marks the broken ones under their
 * fields and brings the first into view (`formRef` goes on the <form>); `problem` is the words for the top of
 * the form while any is broken. The server's refusals stay the caller's (it knows its call).
 */
export function useDraftForm<D>(initial: D | (() => D), opts: { validate: (draft: D) => Record<string, RuleError>; problem: string }) {
  const message = useRuleMessage();
  const { formRef, reveal } = useRevealErrors();
  const [draft, setDraft] = useState<D>(initial);
  const [errors, setErrors] = useState<Record<string, RuleError>>({});
  const set = (patch: Partial<D>) => setDraft((d) => ({ ...d, ...patch }));
  /** Validates the draft: true when it may be saved. */
  const check = (): boolean => {
    const found = opts.validate(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) return true;
    reveal();
    return false;
  };
  return {
    draft,
    set,
    check,
    formRef,
    reveal,
    /** The broken rule under a field, in the interface language. */
    errorOf: (field: string) => message(errors[field]),
    problem: Object.keys(errors).length > 0 ? opts.problem : undefined,
  };
}
