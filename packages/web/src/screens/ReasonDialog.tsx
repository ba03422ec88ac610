import { useId, useState, type ReactNode } from 'react';
import { ReferencePicker } from '../fields/ReferencePicker';
import { ActionDialog } from '../ui/ActionDialog';

interface ReasonDialogProps {
  title: ReactNode;
  /** What the action does, above the reason. */
  hint: ReactNode;
  actionLabel: string;
  /** Bootstrap's class of the action's button. */
  tone: string;
  /** The entity whose rows are the reasons (stock-out reasons). */
  reasons: string;
  reasonLabel: string;
  /** What the picker shows while no reason is chosen. */
  chooseReason: string;
  /** Also asks for remarks, under this label. */
  remarksLabel?: string;
  busy: boolean;
  onConfirm(choice: { reason: number; remarks: string | null }): void;
  onCancel(): void;
  /** Shown between the hint and the reason (what the action touches). */
  children?: ReactNode;
}

/** An action that needs a reason (closing an order short): the reason chosen, remarks if asked. */
export function ReasonDialog({
  title,
  hint,
  actionLabel,
  tone,
  reasons,
  reasonLabel,
  chooseReason,
  remarksLabel,
  busy,
  onConfirm,
  onCancel,
  children,
}: ReasonDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [remarks, setRemarks] = useState('');
  return (
    <ActionDialog
      title={title}
      actionLabel={actionLabel}
      tone={tone}
      disabled={busy || reason === ''}
      onAction={() => onConfirm({ reason: Number(reason), remarks: remarks.trim() || null })}
      onCancel={onCancel}
    >
      <p className="text-body-secondary">{hint}</p>
      {children}
      <label className="form-label" htmlFor={`${id}-reason`}>
        {reasonLabel}
      </label>
      <ReferencePicker id={`${id}-reason`} entity={reasons} value={reason} onChange={setReason} blank={chooseReason} />
      {remarksLabel !== undefined && (
        <>
          <label className="form-label mt-2" htmlFor={`${id}-remarks`}>
            {remarksLabel}
          </label>
          <input
            id={`${id}-remarks`}
            className="form-control"
            maxLength={500}
            value={remarks}
            onChange={(e) => setRemarks(e.target.value)}
          />
        </>
      )}
    </ActionDialog>
  );
}
