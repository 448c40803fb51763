// After a refused save, the user must see why, even in a form taller than the screen (issue 12: the plan-limit
// message 1,100 px below the fold of the add-resident dialog).

/** What to bring into view: the first field message in the form, else its problem at the top. */
export function firstProblem(form: ParentNode): HTMLElement | null {
  return form.querySelector<HTMLElement>('[data-field-error]') ?? form.querySelector<HTMLElement>('[data-form-problem]');
}

/**
 * Scrolls the first problem of the form into view and puts the cursor in its field (or on the problem when
 * it names no field). Call it after the messages have rendered.
 */
export function revealFirstError(form: HTMLElement | null): void {
  if (!form) return;
  const problem = firstProblem(form);
  if (!problem) return;
  const fieldId = problem.getAttribute('data-field-error');
  const field = fieldId ? form.querySelector<HTMLElement>(`#${CSS.escape(fieldId)}`) : null;
  problem.scrollIntoView({ block: 'center', behavior: 'smooth' });
  if (field) field.focus({ preventScroll: true });
  else {
    problem.tabIndex = -1;
    problem.focus({ preventScroll: true });
  }
}
