import { cx } from './cx.ts';
import styles from './Skeleton.module.css';

export interface SkeletonProps {
  /** CSS width, e.g. "60%" or "120px" (default 100%). */
  width?: string;
  /** CSS height; defaults to one body text line. */
  height?: string;
  shape?: 'text' | 'rect' | 'circle';
  /** For text: this many lines, the last one shorter. */
  lines?: number;
  className?: string;
}

/**
 * A grey placeholder the size of the content that is coming. Decorative: put aria-busy on the region that loads.
 * The shimmer stops when the driver asks for reduced motion.
 */
export function Skeleton({ width = '100%', height, shape = 'text', lines = 1, className }: SkeletonProps) {
  if (shape === 'text' && lines > 1) {
    return (
      <span className={cx(styles.stack, className)} aria-hidden="true">
        {Array.from({ length: lines }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders with no identity of their own.
          <span key={i} className={cx(styles.bone, styles.text)} style={{ width: i === lines - 1 ? '60%' : width }} />
        ))}
      </span>
    );
  }
  return (
    <span
      className={cx(styles.bone, styles[shape], className)}
      style={{ width, height, aspectRatio: shape === 'circle' && !height ? '1' : undefined }}
      aria-hidden="true"
    />
  );
}
