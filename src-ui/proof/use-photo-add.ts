/**
 * Adding a photo to the proof of delivery (PhotoStrip): the core decodes, orients and resizes the picked file
 * (api.preparePhoto), so the main thread never decodes it. Holds whether one is being prepared (the strip shows
 * progress) and why the last one failed.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PHOTOS } from '../../src-shared/limits.ts';
import { useCore } from '../app/core-context.tsx';
import { intentErrorText } from '../i18n/errors.ts';

export interface PhotoAdd {
  /** A photo is being prepared. */
  busy: boolean;
  /** Why the last photo could not be added, or null. */
  error: string | null;
  add(file: File): Promise<void>;
  clearError(): void;
}

export function usePhotoAdd(
  photos: readonly string[],
  onChange: (next: string[]) => void,
  onPhotoAdded: (() => void) | undefined,
): PhotoAdd {
  const { t } = useTranslation();
  const { api } = useCore();
  // Preparing takes a while: the photo joins the list as it is then (one deleted meanwhile stays deleted).
  const latest = useRef(photos);
  latest.current = photos;
  // The strip may be gone by then (the screen closed): nothing to update.
  const alive = useRef(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const add = async (file: File) => {
    setBusy(true);
    setError(null);
    try {
      const result = await api.preparePhoto(file);
      if (!alive.current) return;
      if (!result.ok) setError(intentErrorText(result, t));
      else if (latest.current.length < MAX_PHOTOS) {
        onChange([...latest.current, result.value.handle]);
        onPhotoAdded?.();
      }
    } catch {
      if (alive.current) setError(t('errors.intent.unknown'));
    } finally {
      if (alive.current) setBusy(false);
    }
  };

  return { busy, error, add, clearError: () => setError(null) };
}
