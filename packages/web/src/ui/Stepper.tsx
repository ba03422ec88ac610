import './stepper.scss';

interface StepperProps {
  /** The way a document goes when nothing stops it, as [key, label] in order. */
  steps: readonly (readonly [string, string])[];
  /** The step it is at; one not on the path (stopped) marks every step skipped. */
  current: string;
  /** What the list is called for a screen reader ("Order status"). */
  label: string;
  /** Read after a done step by a screen reader ("done"). */
  doneLabel: string;
  /** A state off the path (cancelled, closed), shown as a badge after the steps. */
  stopped?: string;
}

/** A document's status as steps: the ones behind it done, its own current, the rest to come. */
export function Stepper({ steps, current, label, doneLabel, stopped }: StepperProps) {
  const at = steps.findIndex(([key]) => key === current);
  return (
    <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
      <ol className="status-stepper" aria-label={label}>
        {steps.map(([key, text], i) => {
          const state = at < 0 ? 'skipped' : i < at ? 'done' : i === at ? 'current' : 'todo';
          return (
            <li key={key} className={`status-step status-step-${state}`} aria-current={i === at ? 'step' : undefined}>
              <span className="status-step-mark" aria-hidden="true">
                {state === 'done' ? <i className="bi bi-check-lg" /> : i + 1}
              </span>
              <span>{text}</span>
              {state === 'done' && <span className="visually-hidden"> ({doneLabel})</span>}
            </li>
          );
        })}
      </ol>
      {stopped && (
        <span className="badge text-bg-secondary fs-6" role="status">
          {stopped}
        </span>
      )}
    </div>
  );
}
