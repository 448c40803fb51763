// A new version of the phone app while someone is charting (issue 34). The new build's worker waits
// (registerType 'prompt') and the page offers "Reload to update"; this decides when the page may actually
// reload. An open form — a dialog such as the med pass, or a field the person typed into that still holds
// text (a note being written) — is never reloaded under them: pressing "Reload to update" then says the
// new version loads once the form is finished or closed, and the waiting worker takes over only then. The
// same holds when another tab of the app activated the new worker: this page reloads once its form is done.

/** A field the person typed into (an input, a textarea, a select). */
export interface TypedField {
  readonly isConnected: boolean;
  readonly value: string;
  readonly type?: string;
}

/** What a form holding the page looks like in the DOM: any open dialog or drawer. */
export const OPEN_FORM_SELECTOR = '[role="dialog"], [role="alertdialog"], .bp6-drawer';

/** Whether the page holds a form: an open dialog, or a typed field (not a search box) still on the page with text in it. */
export function formHeld(root: Pick<ParentNode, 'querySelector'>, typed: Iterable<TypedField>): boolean {
  if (root.querySelector(OPEN_FORM_SELECTOR) !== null) return true;
  for (const field of typed) {
    if (!field.isConnected) continue;
    // A choice made or a list searched is not typed work to lose.
    if (field.type === 'checkbox' || field.type === 'radio' || field.type === 'search') continue;
    if (field.value.trim() !== '') return true;
  }
  return false;
}

export interface UpdateSteps {
  /** The page holds a form (formHeld on the document). */
  held: () => boolean;
  /** Lets the waiting worker take over (it then controls the page, and `controlled` follows). */
  activate: () => void;
  /** Loads the page again. */
  reload: () => void;
  /** Tells the person the new version loads when the form is finished or closed. */
  deferred: () => void;
  /** Calls `check` now and then until the returned stop is called. */
  watch: (check: () => void) => () => void;
}

export interface UpdateFlow {
  /** "Reload to update" was pressed. */
  requested: () => void;
  /** The new worker controls the page (this page asked for it, or another tab did). */
  controlled: () => void;
}

/** The decisions, with the page's effects passed in (register.ts gives the real ones). */
export function createUpdateFlow(steps: UpdateSteps): UpdateFlow {
  /** What is due once the form is gone: the worker to take over, or (it has) the reload. */
  let due: 'activate' | 'reload' | undefined;
  let stop: (() => void) | undefined;
  let reloaded = false;

  const run = (what: 'activate' | 'reload') => {
    if (what === 'activate') steps.activate();
    else if (!reloaded) {
      reloaded = true;
      steps.reload();
    }
  };
  const check = () => {
    if (due === undefined || steps.held()) return;
    const what = due;
    due = undefined;
    stop?.();
    stop = undefined;
    run(what);
  };
  const wait = (what: 'activate' | 'reload') => {
    // A reload due outranks an activation due: the new worker already controls the page.
    if (due !== 'reload') due = what;
    stop ??= steps.watch(check);
  };

  return {
    requested() {
      if (due !== undefined) return;
      if (!steps.held()) return run('activate');
      steps.deferred();
      wait('activate');
    },
    controlled() {
      if (!steps.held()) {
        due = undefined;
        stop?.();
        stop = undefined;
        return run('reload');
      }
      wait('reload');
    },
  };
}
