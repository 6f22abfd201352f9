/**
 * A proof image (photo or signature) from its stored URL or data URL, through useProofImageSrc. While it loads the
 * same box shows a quiet placeholder (no layout jump); when it cannot be loaded, an image-off icon with the same
 * accessible name, so the driver knows a proof is there even if the phone cannot show it now.
 */
import { ImageOff } from 'lucide-react';
import { cx } from '../components/index.ts';
import { useProofImageSrc } from '../platform/proof-image.ts';
import styles from './ProofImage.module.css';

export interface ProofImageProps {
  src: string;
  alt: string;
  className?: string;
}

export function ProofImage({ src, alt, className }: ProofImageProps) {
  const image = useProofImageSrc(src);
  if (image.src) return <img className={className} src={image.src} alt={alt} />;
  return (
    <span
      role="img"
      aria-label={alt}
      aria-busy={!image.failed}
      className={cx(className, styles.placeholder, !image.failed && styles.loading)}
      data-proof-image={image.failed ? 'failed' : 'loading'}
    >
      {image.failed && <ImageOff size={24} strokeWidth={2} aria-hidden="true" />}
    </span>
  );
}
