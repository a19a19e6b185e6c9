/**
 * Short-lived messages ("Entry created") that outlive the screen that raised them. A toast may carry
 * one action (Undo), which dismisses it when pressed.
 */
import { createContext, useCallback, useContext, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';

/** positive: something worked; neutral: for information; caution: it worked, but not all of it; critical: something failed. */
export type ToastTone = 'positive' | 'neutral' | 'caution' | 'critical';

export type ToastOptions = {
  tone?: ToastTone;
  timeoutMs?: number;
  action?: { label: string; onAction(): void };
};

type Toast = { id: number; message: string; tone: ToastTone; action: ToastOptions['action'] };
/** Shows a toast; the answer takes it away early (a toast saying something is under way, once it is done). */
type ShowToast = (message: string, options?: ToastOptions) => () => void;

const ToastContext = createContext<ShowToast | null>(null);

/** Toasts disappear after 5 seconds unless told otherwise. */
const DEFAULT_TIMEOUT_MS = 5000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  const show = useCallback<ShowToast>(
    (message, { tone = 'positive', timeoutMs = DEFAULT_TIMEOUT_MS, action } = {}) => {
      nextId.current += 1;
      const id = nextId.current;
      setToasts((current) => [...current, { id, message, tone, action }]);
      window.setTimeout(() => dismiss(id), timeoutMs);
      return () => dismiss(id);
    },
    [dismiss],
  );
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toast-region" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast-${toast.tone}`}>
            <span>{toast.message}</span>
            {toast.action && (
              <Button
                className="toast-action"
                onPress={() => {
                  toast.action?.onAction();
                  dismiss(toast.id);
                }}
              >
                {toast.action.label}
              </Button>
            )}
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
