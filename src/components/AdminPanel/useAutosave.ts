import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTRPC } from '../../client/trpc.tsx';

type DraftRecord = Record<string, string | number | boolean | null | undefined>;
/** An editor's fields: text, yes/no, empty, or a list of small records (photos, team members). */
export type DraftDocument = Record<string, string | boolean | null | DraftRecord[]>;

export interface OfferedDraft {
  document: DraftDocument;
  baseVersion: number;
  savedAt: string;
}

// Saved this long after typing stops, and never later than MOST_UNSAVED_MS after the first unsaved key:
// a closed tab, a lost connection or an ended session loses at most the last few seconds.
const QUIET_MS = 1_500;
const MOST_UNSAVED_MS = 4_000;

function localKey(type: string, key: string): string {
  return `unsaved-draft:${type}:${key}`;
}

function readLocal(type: string, key: string): OfferedDraft | null {
  try {
    const stored = window.localStorage.getItem(localKey(type, key));
    return stored ? (JSON.parse(stored) as OfferedDraft) : null;
  } catch {
    return null;
  }
}

/**
 * Autosave for an editor: every change is kept on this device at once and sent to the server (a draft,
 * never shown to visitors) shortly after typing stops, and when the page is hidden or closed. On
 * opening, the newest unsaved draft (the server's, or this device's when the server could not be told)
 * is offered back if it differs from what the editor shows.
 */
export function useAutosave(type: string, key: string, document: DraftDocument, baseVersion: number) {
  const trpc = useTRPC();
  const save = useMutation(trpc.content.saveDraft.mutationOptions());
  const discard = useMutation(trpc.content.discardDraft.mutationOptions());
  const serverDraft = useQuery({
    ...trpc.content.draft.queryOptions({ type, id: key }),
    staleTime: 0,
    gcTime: 0,
  });
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [offer, setOffer] = useState<OfferedDraft | null>(null);
  const decided = useRef(false);
  const initial = useRef(JSON.stringify(document));
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; since: number } | null>(null);
  const latest = useRef({ document, baseVersion });
  latest.current = { document, baseVersion };

  useEffect(() => {
    if (decided.current || serverDraft.isPending) return;
    decided.current = true;
    const candidates = [serverDraft.data ?? null, readLocal(type, key)].filter(
      (draft): draft is OfferedDraft => draft !== null && JSON.stringify(draft.document) !== initial.current,
    );
    candidates.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
    setOffer(candidates[0] ?? null);
  }, [serverDraft.isPending, serverDraft.data, type, key]);

  const flush = useCallback(
    (keepalive = false) => {
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = null;
      const input = { type, id: key, ...latest.current };
      if (keepalive) {
        // The page is going away: a request that outlives it.
        void fetch('/trpc/content.saveDraft', {
          method: 'POST',
          keepalive: true,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(input),
        }).catch(() => undefined);
        return;
      }
      save.mutate(input, { onSuccess: (draft) => setSavedAt(draft.savedAt) });
    },
    [type, key, save],
  );

  const serialized = JSON.stringify(document);
  useEffect(() => {
    if (serialized === initial.current && !pending.current) return;
    const now = Date.now();
    try {
      window.localStorage.setItem(
        localKey(type, key),
        JSON.stringify({
          document: JSON.parse(serialized) as DraftDocument,
          baseVersion,
          savedAt: new Date(now).toISOString(),
        }),
      );
    } catch {
      // A full or blocked storage leaves the server's copy.
    }
    const since = pending.current?.since ?? now;
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = {
      since,
      timer: setTimeout(() => flush(), Math.min(QUIET_MS, since + MOST_UNSAVED_MS - now)),
    };
  }, [serialized]);

  useEffect(() => {
    const leave = () => {
      if (pending.current) flush(true);
    };
    const hidden = () => {
      if (window.document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    window.document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      window.document.removeEventListener('visibilitychange', hidden);
      if (pending.current) clearTimeout(pending.current.timer);
    };
  }, [flush]);

  /** The item was saved: its drafts are spent (the server dropped its own). */
  const saved = useCallback(() => {
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
    window.localStorage.removeItem(localKey(type, key));
    setSavedAt(null);
  }, [type, key]);

  const dismissOffer = useCallback(() => {
    setOffer(null);
    window.localStorage.removeItem(localKey(type, key));
    discard.mutate({ type, id: key });
  }, [type, key, discard]);

  return { savedAt, offer, takeOffer: () => setOffer(null), dismissOffer, saved };
}
