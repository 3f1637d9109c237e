import { useEffect, useRef, useState, useSyncExternalStore, type PointerEvent } from 'react';
import { useVisitorAttention } from '../../client/use-visitor-attention.ts';
import * as styles from './Toast.css.ts';
import {
  dismissToast,
  getServerToasts,
  getToasts,
  subscribeToToasts,
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  type ToastItem,
} from './toast-store.ts';

/**
 * Dismisses the toast after its 5000 ms, counting only the time it is not paused: a
 * pause stops the clock and keeps what is left, so a visitor reading the toast under the pointer does
 * not lose it, and it still closes once the pointer leaves.
 */
function useAutoDismiss(id: number, paused: boolean) {
  const remainingMs = useRef(TOAST_DURATION_MS);
  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => dismissToast(id), remainingMs.current);
    return () => {
      clearTimeout(timer);
      remainingMs.current -= Date.now() - startedAt;
    };
  }, [id, paused]);
}

function ToastCard({ item }: { item: ToastItem }) {
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);
  // A keyboard user who tabs to the dismiss button is reading it too (WCAG 2.2.1, timing adjustable).
  const attention = useVisitorAttention();
  useAutoDismiss(item.id, attention.attending);

  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX;
  };
  const onPointerMove = (event: PointerEvent) => {
    if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
  };
  const onPointerUp = () => {
    // Swiping right beyond 50 px dismisses.
    if (offset > TOAST_SWIPE_THRESHOLD_PX) dismissToast(item.id);
    else setOffset(0);
    start.current = null;
  };

  return (
    <li
      className={styles.toast[item.variant ?? 'default']}
      data-testid="toast"
      style={
        offset
          ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200) }
          : undefined
      }
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      {...attention.handlers}
    >
      {/* The role sits inside the <li>: on the <li> itself it would cost the list its items. */}
      <div role={item.variant === 'destructive' ? 'alert' : 'status'}>
        <p className={styles.title}>{item.title}</p>
        {item.description && <p className={styles.description}>{item.description}</p>}
      </div>
      <button
        type="button"
        className={styles.close}
        aria-label="Dismiss notification"
        onClick={() => dismissToast(item.id)}
      >
        ×
      </button>
    </li>
  );
}

/** Where toasts appear, rendered by each page that sends something. The region is announced to screen readers. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToToasts, getToasts, getServerToasts);
  return (
    <ol className={styles.viewport} aria-live="polite" aria-label="Notifications">
      {toasts
        .filter((item) => item.open)
        .map((item) => (
          <ToastCard key={item.id} item={item} />
        ))}
    </ol>
  );
}
