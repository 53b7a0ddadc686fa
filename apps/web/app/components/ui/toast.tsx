import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { TOAST_TIMEOUT_MS } from '@kunci/contracts/constants';
import { CloseIcon } from './icons.tsx';

interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'error';
}
type ShowToast = (message: string, tone?: Toast['tone']) => void;

const ToastContext = createContext<ShowToast>(() => {});

/** Short messages that disappear after the spec's 2000 ms; announced to screen readers. */
export function ToastProvider({ children, dismissLabel }: { children: ReactNode; dismissLabel: string }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(0);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback<ShowToast>((message, tone = 'info') => {
    const id = ++next.current;
    setToasts((list) => [...list, { id, message, tone }]);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div
        aria-live="polite"
        role="status"
        className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex flex-col items-center gap-2 px-4 md:bottom-6"
      >
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} dismissLabel={dismissLabel} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss, dismissLabel }: { toast: Toast; onDismiss: (id: number) => void; dismissLabel: string }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onDismiss]);
  return (
    <div
      className={`pointer-events-auto flex max-w-md items-center gap-3 rounded-lg px-4 py-3 text-sm text-white shadow-lg ${toast.tone === 'error' ? 'bg-red-700' : 'bg-gray-900'}`}
    >
      <span>{toast.message}</span>
      <button type="button" onClick={() => onDismiss(toast.id)} className="rounded p-1 hover:bg-white/10">
        <CloseIcon width={16} height={16} title={dismissLabel} />
      </button>
    </div>
  );
}

export function useToast(): ShowToast {
  return useContext(ToastContext);
}
