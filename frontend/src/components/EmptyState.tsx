import { Classes, NonIdealState, type NonIdealStateProps } from '@blueprintjs/core';

/**
 * "Nothing here" for a list or a page: Blueprint's NonIdealState with its title as text. NonIdealState draws
 * the title as an <h4>, which skips heading levels under the page's <h1> or a section's <h2> (axe
 * heading-order); an empty list is a state of its section, not a part of the page to navigate to.
 */
export function EmptyState({ title, description, ...props }: NonIdealStateProps) {
  return (
    <NonIdealState
      {...props}
      description={
        title ? (
          <>
            <p className={`${Classes.HEADING} hearth-empty-title`}>{title}</p>
            {description}
          </>
        ) : (
          description
        )
      }
    />
  );
}
