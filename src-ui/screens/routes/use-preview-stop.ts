/**
 * Which stop the preview drawer shows in detail (null: the list), and focus that follows the view: the stop's name
 * when its detail opens (the body scrolled back to the top), the stop's row when going back to the list, so a
 * screen reader user lands where they left.
 */
import { type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { Stop } from '../../../src-shared/protocol/entities.ts';

export interface PreviewStop {
  stopId: number | null;
  openStop: (stop: Stop) => void;
  backToList: () => void;
  /** The drawer's body, wrapping both views: where the rows and the sheet's scrolling body are found. */
  bodyRef: RefObject<HTMLDivElement | null>;
  /** The detail's title, which takes the focus when the detail opens. */
  detailTitleId: string;
}

export function usePreviewStop(): PreviewStop {
  const detailTitleId = useId();
  const bodyRef = useRef<HTMLDivElement>(null);
  const [stopId, setStopId] = useState<number | null>(null);
  const lastStopId = useRef<number | null>(null);

  useEffect(() => {
    if (stopId !== null) {
      document.getElementById(detailTitleId)?.focus({ preventScroll: true });
      bodyRef.current?.closest('[data-sheet-body]')?.scrollTo({ top: 0 });
    } else if (lastStopId.current !== null) {
      bodyRef.current?.querySelector<HTMLElement>(`[data-stop-id="${lastStopId.current}"] button`)?.focus();
    }
  }, [stopId, detailTitleId]);

  // Stable, so the list's rows keep their props while the drawer re-renders.
  const openStop = useCallback((next: Stop) => {
    lastStopId.current = next.id;
    setStopId(next.id);
  }, []);
  const backToList = useCallback(() => setStopId(null), []);

  return { stopId, openStop, backToList, bodyRef, detailTitleId };
}
