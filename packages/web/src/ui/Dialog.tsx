import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface DialogProps {
  title: ReactNode;
  /** Escape and the backdrop both cancel. */
  onCancel(): void;
  children: ReactNode;
  footer: ReactNode;
  icon?: ReactNode;
}

/** A modal dialog: named by its title, focus kept inside, Escape cancels, focus returns on close. */
export function Dialog({ title, onCancel, children, footer, icon }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The first footer button: OK, or Cancel where the dialog confirms something.
    (ref.current?.querySelector<HTMLElement>('.modal-footer button') ?? ref.current)?.focus();
    return () => previous?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const focusable = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <>
      <div className="modal-backdrop show" onClick={onCancel} />
      <div className="modal d-block" onKeyDown={onKeyDown}>
        <div
          ref={ref}
          className="modal-dialog modal-dialog-centered"
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={bodyId}
          tabIndex={-1}
        >
          <div className="modal-content">
            <div className="modal-header border-0 flex-column text-center">
              {icon}
              <h2 className="modal-title h5" id={titleId}>
                {title}
              </h2>
            </div>
            <div className="modal-body text-center" id={bodyId}>
              {children}
            </div>
            <div className="modal-footer justify-content-center border-0">{footer}</div>
          </div>
        </div>
      </div>
    </>,
    document.body,
  );
}
