import type { ReactNode } from 'react';
import { Callout, Classes, type CalloutProps } from '@blueprintjs/core';

/**
 * Blueprint's Callout with its title as a heading of the level its place needs: Callout's own `title` is an
 * <h5>, which skips levels under a section's <h2> or a card's <h3> (axe heading-order). It keeps the look
 * of Callout's title.
 */
export function TitledCallout({ title, level, children, ...props }: Omit<CalloutProps, 'title'> & { title: ReactNode; level: 1 | 2 | 3 | 4 }) {
  const Heading = `h${level}` as const;
  return (
    <Callout {...props}>
      <Heading className={`${Classes.HEADING} hearth-callout-title`}>{title}</Heading>
      {children}
    </Callout>
  );
}
