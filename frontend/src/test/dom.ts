// Setup of the render tests (*.test.tsx, jsdom; vite.config.ts "screens" project): what jsdom lacks and a
// browser has, and a clean page after every test.
import { act, cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { removeToaster } from '@/lib/feedback/toast';
import { endFakeServer } from './render';

// A wide window (the layout's narrow breakpoint, lib/ui/useNarrow.ts, is not matched).
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom lays nothing out: scrolling a problem into view (lib/form/reveal.ts) has nothing to do.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

// jsdom has no CSS.escape; revealFirstError finds a field by its id with it. Ids here are plain words,
// digits, dashes and underscores, so escaping what else could appear is enough.
if (typeof globalThis.CSS?.escape !== 'function') {
  const escape = (value: string) => value.replace(/^(\d)/, '\\3$1 ').replace(/[^\w-]/g, (c) => `\\${c}`);
  Object.defineProperty(globalThis, 'CSS', { value: { ...globalThis.CSS, escape }, configurable: true });
}

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoResizeObserver as unknown as typeof ResizeObserver;

// Blob URLs (a picture sent in the chat shows from its own bytes) only need to be unique here.
let blobs = 0;
URL.createObjectURL ??= () => `blob:hearth.test/${++blobs}`;
URL.revokeObjectURL ??= () => undefined;

// Registered here, not in the helpers' modules: the screens share one module graph (isolate: false in
// vite.config.ts), and a setup file runs again for every test file.
afterEach(() => {
  // The toaster lives outside the screen's root: a toast of one test must not answer the next test's query.
  act(() => removeToaster());
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  endFakeServer();
});
