import { Children, cloneElement, isValidElement, type ReactNode } from 'react';
import { FormGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useFieldNote } from './fieldNotes';

/** A rule broken in a form, as a message key and its values (rules stay free of i18n). */
export interface RuleError {
  key: string;
  values?: Record<string, unknown>;
}

/** A rule broken in the form, in the interface language. */
export function useRuleMessage() {
  const { t } = useTranslation();
  return (err: RuleError | undefined): string | undefined =>
    err ? (t as (key: string, values?: Record<string, unknown>) => string)(err.key, err.values) : undefined;
}

/**
 * "(required)" under a label (FormGroup's subLabel, outside the <label>), so the field's accessible name stays
 * its label; screen readers hear the input's own `required`.
 */
export function RequiredMark() {
  const { t } = useTranslation();
  return (
    <span className="hearth-required" aria-hidden="true">
      {t('common.form.required')}
    </span>
  );
}

interface FormFieldProps {
  id: string;
  label: string;
  /** Marks the label "(required)" in the interface language. */
  required?: boolean;
  /** The message under the field (a broken rule, or the server's word). */
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

type Describable = { id?: string; 'aria-describedby'?: string };

/**
 * The message as the description of the field it is about: the child whose id is the field's, unless it
 * names its own description. A screen reader on the field then says why it was refused.
 */
function describedBy(children: ReactNode, id: string, error: string | undefined): ReactNode {
  // Always mapped, message or not: Children.map keys what it returns, so answering the bare children when
  // there is no message would remount the field as its message comes and goes and lose what was typed.
  return Children.map(children, (child) =>
    error && isValidElement<Describable>(child) && child.props.id === id && !child.props['aria-describedby']
      ? cloneElement(child, { 'aria-describedby': `${id}-error` })
      : child,
  );
}

/**
 * A labelled field with its message under it; the message is tied to the input for screen readers (the
 * child with the field's id) and marked so `revealFirstError` can bring it into view.
 */
export function FormField({ id, label, required, error, hint, className, children }: FormFieldProps) {
  // Outside the <label>, like the required mark: a note may hold a button.
  const note = useFieldNote(id);
  return (
    <FormGroup
      label={label}
      labelFor={id}
      subLabel={
        required || note ? (
          <>
            {required ? <RequiredMark /> : null}
            {note}
          </>
        ) : undefined
      }
      className={className}
      intent={error ? Intent.DANGER : Intent.NONE}
      helperText={
        error ? (
          <span id={`${id}-error`} role="alert" data-field-error={id}>
            {error}
          </span>
        ) : (
          hint
        )
      }
    >
      {describedBy(children, id, error)}
    </FormGroup>
  );
}
