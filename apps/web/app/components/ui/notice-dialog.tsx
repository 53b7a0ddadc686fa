import { useId, type ReactNode } from 'react';
import { Modal } from './modal.tsx';

/** A modal with a title, a message and actions (locked account, restricted account, prompts). */
export function NoticeDialog({
  open,
  onClose,
  title,
  children,
  actions,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Modal
      open={open}
      onClose={onClose}
      labelledBy={titleId}
      describedBy={messageId}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-2xl bg-white shadow-xl"
    >
      <div className="p-6">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <div id={messageId} className="mt-2 text-gray-700">
          {children}
        </div>
        <div className="mt-6 flex flex-col gap-2">{actions}</div>
      </div>
    </Modal>
  );
}
