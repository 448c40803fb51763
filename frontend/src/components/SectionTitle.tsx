import type { HTMLAttributes } from 'react';

/**
 * A Section's title as an <h2>, under the page's <h1> (Blueprint's default <h6> skips heading levels);
 * app.css keeps Blueprint's look for it.
 */
export function SectionTitle(props: HTMLAttributes<HTMLElement>) {
  return <h2 {...props} />;
}

/** A Section's title as an <h3>, for sections under a part of the page that has its own <h2>. */
export function SubsectionTitle(props: HTMLAttributes<HTMLElement>) {
  return <h3 {...props} />;
}
