import type { ReactNode } from 'react';
import { FormGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { RuleError } from '../residentRules';

/** A rule broken in the form, in the interface language. */
export function useRuleMessage() {
  const { t } = useTranslation();
  return (err: RuleError | undefined): string | undefined =>
    err ? (t as (key: string, values?: Record<string, unknown>) => string)(err.key, err.values) : undefined;
}

interface FormFieldProps {
  id: string;
  label: string;
  /** The message under the field (a broken rule, or the server's word). */
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A labelled field with its message under it; the message is tied to the input for screen readers. */
export function FormField({ id, label, error, hint, className, children }: FormFieldProps) {
  return (
    <FormGroup
      label={label}
      labelFor={id}
      className={className}
      intent={error ? Intent.DANGER : Intent.NONE}
      helperText={error ? <span id={`${id}-error`} role="alert">{error}</span> : hint}
    >
      {children}
    </FormGroup>
  );
}
