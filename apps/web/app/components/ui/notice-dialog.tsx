import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import type { ReactNode } from 'react';

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
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
          <Description as="div" className="mt-2 text-gray-700">
            {children}
          </Description>
          <div className="mt-6 flex flex-col gap-2">{actions}</div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
