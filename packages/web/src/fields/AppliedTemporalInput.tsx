import { useEffect, useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { FieldProblem } from '../ui/FieldProblem';
import { useTypingPause } from '../ui/useTypingPause';
import { DateInput, useEnterLike, type EnterLikeKind, type TemporalInputProps } from './TemporalInputs';

type Props = Omit<TemporalInputProps, 'onChange' | 'onKeyDown' | 'onBlur'> & {
  /** The input (a date by default; a list filter's date-time or time). */
  Input?: (props: TemporalInputProps & { end?: 'from' | 'to' }) => React.ReactNode;
  /** What its problem asks for. */
  kind?: EnterLikeKind;
  end?: 'from' | 'to';
  /** A whole value, or "" once cleared. */
  onApply(value: string): void;
};

/**
 * A date (date-time, time) that asks for something as it changes — a list filter, a report's period,
 * the stock valuation date, an export's parameter. What is typed applies once it is a whole value and
 * typing pauses (at once on Enter or on leaving the box), or once cleared: never a part of one
 * ("28/0", or "28/09/202" on the way to 2026). A text that is no value when typing pauses is said
 * under the box, and what applied before stays.
 */
export function AppliedTemporalInput({ Input = DateInput, kind = 'date', value, onApply, ...input }: Props) {
  const problemId = useId();
  const enterLike = useEnterLike();
  const [typed, setTyped] = useState<{ value: string; whole: boolean } | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const pause = useTypingPause(typed, (pending) => {
    if (!pending) return;
    setUnreadable(!pending.whole);
    if (!pending.whole) return;
    setTyped(null);
    if (pending.value !== value) onApply(pending.value);
  });
  useEffect(() => {
    // The value changed (applied, cleared with the others, read from the address): nothing typed is pending.
    pause.cancel();
    setTyped(null);
    setUnreadable(false);
  }, [value, pause]);
  // Applied before what Enter or leaving the box goes on to do reads it: the form submitted, the button clicked.
  const settleNow = () => flushSync(pause.now);
  return (
    <>
      <Input
        {...input}
        aria-invalid={unreadable || undefined}
        aria-describedby={unreadable ? problemId : undefined}
        value={value}
        onChange={(v, whole) => {
          if (whole) setUnreadable(false);
          if (v !== '') return setTyped({ value: v, whole });
          setTyped(null);
          if (value !== '') onApply('');
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') settleNow();
        }}
        onBlur={settleNow}
      />
      <FieldProblem id={problemId} text={unreadable ? enterLike(kind) : undefined} />
    </>
  );
}
