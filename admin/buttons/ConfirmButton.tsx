import { useState, type ReactElement, type ReactNode } from 'react';
import { Button, Confirm, type ButtonProps } from 'react-admin';

export interface ConfirmButtonProps {
  /** i18n key of the button's label, also the dialog's title. */
  label: string;
  icon: ReactElement;
  color?: ButtonProps['color'];
  /** The dialog's question: an i18n key or a text already translated. */
  content: ReactNode;
  /** i18n key of the confirming button (react-admin's «Подтвердить» by default). */
  confirm?: string;
  confirmColor?: 'primary' | 'warning';
  /** The action, run once confirmed; it shows its own success and errors. The dialog waits for it, then closes. */
  onConfirm: () => Promise<void>;
}

/** A button that asks first (trash, two-factor reset): a click opens the dialog, its confirmation runs the action. */
export const ConfirmButton = ({ label, icon, color, content, confirm, confirmColor, onConfirm }: ConfirmButtonProps) => {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button
        label={label}
        color={color}
        disabled={busy}
        onClick={(event) => {
          // Inside a list row the click would otherwise also open the row.
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {icon}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={label}
        content={content}
        confirm={confirm}
        confirmColor={confirmColor}
        onConfirm={() => void run()}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
