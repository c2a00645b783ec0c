import { useSyncExternalStore } from 'react';

// spec section 9, interface: one toast at a time, shown for 5 seconds, swiped away after 50 px.
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** Time for the closing animation before a dismissed toast leaves the store. */
const TOAST_REMOVE_DELAY_MS = 300;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends Required<Pick<ToastInput, 'title' | 'variant'>> {
  id: string;
  description?: string;
  open: boolean;
}

let toasts: readonly ToastItem[] = [];
const listeners = new Set<() => void>();
let nextId = 0;

function setToasts(next: readonly ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function removeToast(id: string): void {
  setToasts(toasts.filter((item) => item.id !== id));
}

/** Closes a toast (it animates out), then removes it. */
export function dismissToast(id: string): void {
  setToasts(toasts.map((item) => (item.id === id ? { ...item, open: false } : item)));
  setTimeout(() => removeToast(id), TOAST_REMOVE_DELAY_MS);
}

/** Shows a toast; a newer toast replaces the older one, so at most TOAST_LIMIT are visible. */
export function toast({ title, description, variant = 'default' }: ToastInput): {
  id: string;
  dismiss: () => void;
} {
  nextId += 1;
  const id = String(nextId);
  setToasts([{ id, title, description, variant, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): readonly ToastItem[] {
  return toasts;
}

/** The toasts to render; re-renders when one is added or dismissed. */
export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(subscribe, getSnapshot);
}
