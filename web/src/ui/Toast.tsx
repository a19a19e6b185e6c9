/** Short-lived messages ("Entry created") that outlive the screen that raised them. */
import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';

type Toast = { id: number; message: string };
type ShowToast = (message: string, timeoutMs?: number) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** Toasts disappear after 5 seconds unless told otherwise. */
const DEFAULT_TIMEOUT_MS = 5000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const show = useCallback<ShowToast>((message, timeoutMs = DEFAULT_TIMEOUT_MS) => {
    nextId.current += 1;
    const id = nextId.current;
    setToasts((current) => [...current, { id, message }]);
    window.setTimeout(() => setToasts((current) => current.filter((toast) => toast.id !== id)), timeoutMs);
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toast-region" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className="toast">
            {toast.message}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (show === null) throw new Error('useToast needs a ToastProvider above it');
  return show;
}
