/**
 * Photos as proof of delivery (spec section 5 "Photos"): up to 3 thumbnails and an add tile. The add tile opens
 * the camera or a file (jpeg/png); the core decodes, orients and resizes the photo (api.preparePhoto), so the main
 * thread never decodes it, and the tile shows progress meanwhile. The caller shows "Photo added" (onPhotoAdded).
 */
import { Camera, Lock, Trash } from 'lucide-react';
import { type RefObject, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PHOTOS } from '../../src-shared/limits.ts';
import { IconButton, Spinner } from '../components/index.ts';
import { useSnackbarGuard } from '../components/snackbar-guard.ts';
import styles from './PhotoStrip.module.css';
import { ProofImage } from './ProofImage.tsx';
import { usePhotoAdd } from './use-photo-add.ts';

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
  const guard = useSnackbarGuard();
  const inputRef = useRef<HTMLInputElement>(null);
  const adding = usePhotoAdd(photos, onChange, onPhotoAdded);
  const errorId = useId();

  const remove = (index: number) => {
    adding.clearError();
    onChange(photos.filter((_, i) => i !== index));
  };

  const keys = photoKeys(photos);
  const canAdd = !readOnly && !disabledReason && photos.length < MAX_PHOTOS;
  const described = [adding.error ? errorId : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined;

  return (
    <div className={styles.strip}>
      <ul ref={guard} className={styles.grid}>
        {photos.map((photo, i) => (
          <PhotoTile key={keys[i]} photo={photo} number={i + 1} onDelete={readOnly ? undefined : () => remove(i)} />
        ))}
        {adding.busy && <ProcessingTile />}
        {canAdd && !adding.busy && <AddTile describedBy={described} onClick={() => inputRef.current?.click()} />}
      </ul>
      {disabledReason && !readOnly && (
        <p className={styles.disabled}>
          <Lock size={20} aria-hidden="true" />
          {disabledReason}
        </p>
      )}
      <p id={errorId} className={styles.error} role="alert">
        {adding.error}
      </p>
      <PhotoInput inputRef={inputRef} onFile={(file) => void adding.add(file)} />
    </div>
  );
}

/** One thumbnail, with its delete button unless the strip is read-only. */
function PhotoTile({ photo, number, onDelete }: { photo: string; number: number; onDelete?: () => void }) {
  const { t } = useTranslation();
  return (
    <li className={styles.tile}>
      <ProofImage className={styles.image} src={photo} alt={t('common.a11y.photo', { number })} />
      {onDelete && (
        <IconButton
          className={styles.delete}
          variant="raised"
          icon={Trash}
          label={t('common.a11y.deletePhoto', { number })}
          onClick={onDelete}
        />
      )}
    </li>
  );
}

/** In the add tile's place while the core prepares a photo. */
function ProcessingTile() {
  const { t } = useTranslation();
  return (
    <li className={styles.tile}>
      <span className={styles.progress} role="status">
        <Spinner size="lg" />
        <span className={styles.progressText}>{t('proof.processingPhoto')}</span>
      </span>
    </li>
  );
}

/** The add tile: opens the hidden file input (the camera on a phone). */
function AddTile({ describedBy, onClick }: { describedBy: string | undefined; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <li className={styles.tile}>
      <button type="button" className={styles.add} aria-describedby={describedBy} onClick={onClick}>
        <Camera size={32} aria-hidden="true" />
        <span>{t('complete.addPhoto')}</span>
      </button>
    </li>
  );
}

/** The file input behind the add tile: out of sight and of the tab order, the tile is its control. */
function PhotoInput({
  inputRef,
  onFile,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  onFile: (file: File) => void;
}) {
  return (
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
        if (file) onFile(file);
      }}
    />
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
