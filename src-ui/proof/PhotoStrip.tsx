/**
 * Photos as proof of delivery (spec section 5 "Photos"): up to 3 thumbnails and an add tile. The add tile opens
 * the camera or a file (jpeg/png); the core decodes, orients and resizes the photo (api.preparePhoto), so the main
 * thread never decodes it, and the tile shows progress meanwhile. The caller shows "Photo added" (onPhotoAdded).
 */
import { Camera, Lock, Trash } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PHOTOS } from '../../src-shared/limits.ts';
import { useCore } from '../app/core-context.tsx';
import { IconButton, Spinner } from '../components/index.ts';
import { useSnackbarGuard } from '../components/snackbar-guard.ts';
import { intentErrorText } from '../i18n/errors.ts';
import styles from './PhotoStrip.module.css';
import { ProofImage } from './ProofImage.tsx';

export interface PhotoStripProps {
  /** Handles from preparePhoto, or the stop's stored photo URLs; at most 3. */
  photos: readonly string[];
  onChange: (next: string[]) => void;
  /** Feature gating: the disabled.photoCollection text, shown instead of the add tile. */
  disabledReason?: string;
  /** Nothing can be added or deleted (a finished stop before Edit). */
  readOnly?: boolean;
  /** After a photo was added through the tile: the caller shows "Photo added". */
  onPhotoAdded?: () => void;
  /** Id of a message about the photos (e.g. "Required"), read with the add tile. */
  describedBy?: string;
}

export function PhotoStrip({ photos, onChange, disabledReason, readOnly, onPhotoAdded, describedBy }: PhotoStripProps) {
  const { t } = useTranslation();
  const guard = useSnackbarGuard();
  const { api } = useCore();
  const inputRef = useRef<HTMLInputElement>(null);
  const latest = useRef(photos);
  latest.current = photos;
  const alive = useRef(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

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

  const remove = (index: number) => {
    setError(null);
    onChange(photos.filter((_, i) => i !== index));
  };

  const keys = photoKeys(photos);
  const canAdd = !readOnly && !disabledReason && photos.length < MAX_PHOTOS;
  const described = [error ? errorId : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined;

  return (
    <div className={styles.strip}>
      <ul ref={guard} className={styles.grid}>
        {photos.map((photo, i) => (
          <li key={keys[i]} className={styles.tile}>
            <ProofImage className={styles.image} src={photo} alt={t('common.a11y.photo', { number: i + 1 })} />
            {!readOnly && (
              <IconButton
                className={styles.delete}
                variant="raised"
                icon={Trash}
                label={t('common.a11y.deletePhoto', { number: i + 1 })}
                onClick={() => remove(i)}
              />
            )}
          </li>
        ))}
        {busy && (
          <li className={styles.tile}>
            <span className={styles.progress} role="status">
              <Spinner size="lg" />
              <span className={styles.progressText}>{t('proof.processingPhoto')}</span>
            </span>
          </li>
        )}
        {canAdd && !busy && (
          <li className={styles.tile}>
            <button
              type="button"
              className={styles.add}
              aria-describedby={described}
              onClick={() => inputRef.current?.click()}
            >
              <Camera size={32} aria-hidden="true" />
              <span>{t('complete.addPhoto')}</span>
            </button>
          </li>
        )}
      </ul>
      {disabledReason && !readOnly && (
        <p className={styles.disabled}>
          <Lock size={20} aria-hidden="true" />
          {disabledReason}
        </p>
      )}
      <p id={errorId} className={styles.error} role="alert">
        {error}
      </p>
      <input
        ref={inputRef}
        className="visually-hidden"
        type="file"
        accept="image/jpeg,image/png"
        capture="environment"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ''; // the same file can be picked again
          if (file) void add(file);
        }}
      />
    </div>
  );
}

/** Stable keys from the photos themselves (the same photo twice gets a counter), so deleting one keeps the rest. */
function photoKeys(photos: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return photos.map((photo) => {
    const id = `${photo.length}:${photo.slice(-32)}`;
    const n = seen.get(id) ?? 0;
    seen.set(id, n + 1);
    return `${id}#${n}`;
  });
}
