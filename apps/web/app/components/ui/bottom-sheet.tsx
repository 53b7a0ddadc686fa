import { useId, type ReactNode } from 'react';
import { CloseIcon } from './icons.tsx';
import { Modal } from './modal.tsx';

/** A panel that slides up from the bottom, with a title and a close button; Escape and the backdrop close it. */
export function BottomSheet({
  open,
  onClose,
  title,
  closeLabel,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Modal
      open={open}
      onClose={onClose}
      labelledBy={titleId}
      className="mx-auto mt-auto mb-0 max-h-[85vh] w-full max-w-lg rounded-t-2xl bg-white shadow-xl transition-transform duration-200 starting:translate-y-full"
    >
      <div className="p-4 pb-8">
        <div className="mb-3 flex items-center justify-between">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="rounded-full p-2 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <CloseIcon title={closeLabel} />
          </button>
        </div>
        {children}
      </div>
    </Modal>
  );
}
