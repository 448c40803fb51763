import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadFeatureStrings, type StringsFeature } from '@/lib/i18n';

/**
 * A page loaded on first use, shown once its module and the strings of the features it uses (their
 * locales/ fragments) are there. pageStrings.test.ts checks the list against what the page's code uses.
 */
export function lazyPage(
  load: () => Promise<{ default: ComponentType }>,
  strings: readonly StringsFeature[] = [],
): LazyExoticComponent<ComponentType> {
  return lazy(() => Promise.all([load(), loadFeatureStrings(strings)]).then(([page]) => page));
}
