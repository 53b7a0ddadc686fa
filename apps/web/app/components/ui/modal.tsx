import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The box of a centred modal: the base styles reset a <dialog>'s own `margin: auto`, so without `m-auto` it sits
 * in the top-left corner. A margin on each side on a phone, at most 28rem wide; the caller adds its padding.
 */
export const CENTRED_DIALOG = 'm-auto w-[calc(100%-2rem)] max-w-md rounded-2xl';

/**
 * A modal on the browser's own <dialog>: showModal() puts it in the top layer, makes the rest of the page
 * inert (focus stays inside), focuses its first control and gives focus back on close. Escape and a click on
 * the backdrop ask the owner to close it; the owner's `open` stays the single source of truth.
 */
export function Modal({
  open,
  onClose,
  className,
  labelledBy,
  describedBy,
  children,
}: {
  open: boolean;
  onClose: () => void;
  className: string;
  labelledBy: string;
  describedBy?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className={`backdrop:bg-black/40 ${className}`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // The dialog element itself is only the target of a click on its backdrop: content fills it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open ? children : null}
    </dialog>
  );
}
