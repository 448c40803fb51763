// Setup of the render tests (*.test.tsx, jsdom; vite.config.ts "screens" project): what jsdom lacks and a
// browser has, and a clean page after every test.
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

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

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});
