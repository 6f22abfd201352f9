import styles from './Logo.module.css';

export interface LogoProps {
  /** Rendered size in px (the mark is square). Designed for 32 to 96. */
  size?: number;
  /** brand: blue drop with a white route; inverse: white drop with a blue route, for brand backgrounds. */
  variant?: 'brand' | 'inverse';
  /** Translated accessible name; without it the logo is decorative. */
  title?: string;
}

/** Geometry shared with public/icons/icon.svg and maskable.svg (keep them in step). */
const LOGO_DROP_PATH = 'M32 3C27 12 11 25 11 40.5a21 21 0 0 0 42 0C53 25 37 12 32 3Z';
const LOGO_ROUTE_PATH = 'M21 51c9 0 10-3 11-9s3-10 10-10';

/** The Droplane mark: a drop with a route running through it. */
export function Logo({ size = 32, variant = 'brand', title }: LogoProps) {
  return (
    <svg
      className={variant === 'brand' ? styles.brand : styles.inverse}
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
    >
      <path className={styles.drop} d={LOGO_DROP_PATH} />
      <path className={styles.route} d={LOGO_ROUTE_PATH} fill="none" strokeWidth="5" strokeLinecap="round" />
      <circle className={styles.stopFill} cx="21" cy="51" r="5.5" />
      <circle className={styles.stopRing} cx="42" cy="32" r="5.5" strokeWidth="4" />
    </svg>
  );
}
