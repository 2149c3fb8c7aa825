import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { createContext, useContext, type ReactNode } from 'react';

const ToastContext = createContext<MessageInstance | null>(null);

/**
 * Toasts (antd message) in the app's theme. Lighter than antd's App, which also brings
 * modal and notification into the shell; screens that need a modal use Modal.useModal.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [api, holder] = message.useMessage({ maxCount: 3 });
  return (
    <ToastContext.Provider value={api}>
      {holder}
      {children}
    </ToastContext.Provider>
  );
}

export function useToast(): MessageInstance {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs ToastProvider');
  return api;
}
