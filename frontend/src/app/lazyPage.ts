import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadFeatureStrings, type StringsFeature } from '@/lib/i18n';

/** How to start loading each lazy page before it renders (preloadPage). */
const starters = new WeakMap<object, () => Promise<unknown>>();

/**
 * A page loaded on first use, shown once its module and the strings of the features it uses (their
 * locales/ fragments) are there. pageStrings.test.ts checks the list against what the page's code uses.
 */
export function lazyPage(
  load: () => Promise<{ default: ComponentType }>,
  strings: readonly StringsFeature[] = [],
): LazyExoticComponent<ComponentType> {
  let started: Promise<{ default: ComponentType }> | undefined;
  // One load however it starts: by preloadPage or by React rendering the page.
  const start = () => (started ??= Promise.all([load(), loadFeatureStrings(strings)]).then(([page]) => page));
  const page = lazy(start);
  starters.set(page, start);
  return page;
}

/**
 * Starts loading a lazy page (its module and strings) before it renders, so that it does not wait for what
 * renders it first (the signed-in layout waits for the menu; the page waited for the layout's module).
 * A load that fails is reported once, when React renders the page (the same load).
 */
export function preloadPage(page: LazyExoticComponent<ComponentType> | undefined): void {
  const start = page ? starters.get(page) : undefined;
  if (start) start().catch(() => undefined);
}
