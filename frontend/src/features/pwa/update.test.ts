import { describe, expect, it } from 'vitest';
import { createUpdateFlow, formHeld, type TypedField } from './update';

const root = (open: boolean) => ({ querySelector: () => (open ? ({} as Element) : null) });
const field = (value: string, isConnected = true, type = 'text'): TypedField => ({ value, isConnected, type });

describe('formHeld', () => {
  it('an open dialog (the med pass form) holds the page', () => {
    expect(formHeld(root(true), [])).toBe(true);
  });

  it('a field typed into that still holds text holds it; emptied, gone, a checkbox or a search box does not', () => {
    expect(formHeld(root(false), [field('Said she would take it after lunch')])).toBe(true);
    expect(formHeld(root(false), [field('   ')])).toBe(false);
    expect(formHeld(root(false), [field('sent note', false)])).toBe(false);
    expect(formHeld(root(false), [field('on', true, 'checkbox')])).toBe(false);
    expect(formHeld(root(false), [field('Ruth', true, 'search')])).toBe(false);
    expect(formHeld(root(false), [])).toBe(false);
  });
});

/** A flow over a page whose form is open while `state.held`, recording what it did. */
function page(held: boolean) {
  const state = { held, done: [] as string[], check: undefined as (() => void) | undefined };
  const flow = createUpdateFlow({
    held: () => state.held,
    activate: () => state.done.push('activate'),
    reload: () => state.done.push('reload'),
    deferred: () => state.done.push('deferred'),
    watch: (check) => {
      state.check = check;
      return () => {
        state.check = undefined;
        state.done.push('stop');
      };
    },
  });
  return { flow, state };
}

describe('createUpdateFlow', () => {
  it('with no form open, Reload to update lets the new worker take over, then reloads once', () => {
    const { flow, state } = page(false);
    flow.requested();
    expect(state.done).toEqual(['activate']);
    flow.controlled();
    flow.controlled();
    expect(state.done).toEqual(['activate', 'reload']);
  });

  it('with a pass form open, says so and waits: nothing happens until the form is closed', () => {
    const { flow, state } = page(true);
    flow.requested();
    expect(state.done).toEqual(['deferred']);
    state.check?.();
    state.check?.();
    expect(state.done).toEqual(['deferred']);
    flow.requested();
    expect(state.done).toEqual(['deferred']);
    state.held = false;
    state.check?.();
    expect(state.done).toEqual(['deferred', 'stop', 'activate']);
    flow.controlled();
    expect(state.done).toEqual(['deferred', 'stop', 'activate', 'reload']);
  });

  it('another tab activated the new version: this page reloads only once its form is gone', () => {
    const { flow, state } = page(true);
    flow.controlled();
    expect(state.done).toEqual([]);
    state.check?.();
    expect(state.done).toEqual([]);
    // Pressing Reload to update meanwhile does not activate again: the reload is what is due.
    flow.requested();
    state.held = false;
    state.check?.();
    expect(state.done).toEqual(['stop', 'reload']);
  });

  it('a reload due after a deferred press outranks the activation', () => {
    const { flow, state } = page(true);
    flow.requested();
    flow.controlled();
    state.held = false;
    state.check?.();
    expect(state.done).toEqual(['deferred', 'stop', 'reload']);
  });
});
