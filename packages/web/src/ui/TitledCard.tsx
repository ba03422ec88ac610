import type { ReactNode } from 'react';

/**
 * A screen's card named by its heading. With `actions` the heading shares a wrapping row with
 * them (list and form screens); without, it stands alone above the content. `dialogs` go after
 * the card's body.
 */
export function TitledCard({
  titleId,
  title,
  className,
  actions,
  dialogs,
  children,
}: {
  titleId: string;
  title: ReactNode;
  className?: string;
  actions?: ReactNode;
  dialogs?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={titleId}>
      <div className="card-body">
        {actions ? (
          <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
            <h2 id={titleId} className="h4 mb-0 me-auto">
              {title}
            </h2>
            {actions}
          </div>
        ) : (
          <h2 id={titleId} className="h4">
            {title}
          </h2>
        )}
        {children}
      </div>
      {dialogs}
    </section>
  );
}
