/**
 * The frame of the stop windows: a top bar with the way back to the route, the scrolling content, and an action
 * bar pinned to the bottom (large buttons within thumb reach). Snackbars sit above the action bar, so a lasting
 * one (No internet connection) never covers Done. Also the frame's loading and "Stop not found." states.
 */
import { MapPinOff } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Stop } from '../../../src-shared/protocol/entities.ts';
import { Button, EmptyState, Skeleton, TopBar } from '../../components/index.ts';
import { usePinnedFooter } from '../../components/snackbar-clearance.ts';
import { StopMarker } from '../../stops/StopMarker.tsx';
import { stopAddress, stopName } from '../../stops/stop-display.ts';
import styles from './stop.module.css';

export interface StopPageProps {
  title: string;
  /** The stop the window is about: named in the page title after the window's own title. */
  stop?: Stop;
  onBack: () => void;
  children: ReactNode;
  /** The action bar's content. */
  footer?: ReactNode;
  busy?: boolean;
}

export function StopPage({ title, stop, onBack, children, footer, busy }: StopPageProps) {
  const { t } = useTranslation();
  const subject = stop && (stop.type === 'break' ? t('route.breakTime') : stopName(stop));
  const footerRef = useRef<HTMLDivElement>(null);
  const hasFooter = Boolean(footer);

  usePinnedFooter(footerRef, hasFooter, (px) => `calc(${px}px + var(--space-2) - var(--space-4) - var(--safe-bottom))`);

  return (
    <div className={styles.page}>
      <TopBar title={title} subject={subject} backLabel={t('common.a11y.back')} onBack={onBack} />
      <main className={styles.main} aria-busy={busy || undefined}>
        {children}
      </main>
      {footer && (
        <div ref={footerRef} className={styles.actionBar}>
          {footer}
        </div>
      )}
    </div>
  );
}

/** While the route loads (a reload on a stop window), and when the stop is not in it. */
export function StopPageState({ status, onBack }: { status: 'loading' | 'missing'; onBack: () => void }) {
  const { t } = useTranslation();
  if (status === 'loading') {
    return (
      <StopPage title={t('stop.detail.title')} onBack={onBack} busy>
        <p className="visually-hidden">{t('route.loading')}</p>
        <div className={styles.section}>
          <Skeleton width="60%" height="var(--line-height-title)" />
          <Skeleton lines={4} />
        </div>
      </StopPage>
    );
  }
  return (
    <StopPage title={t('stop.detail.title')} onBack={onBack}>
      <EmptyState
        icon={MapPinOff}
        title={t('errors.stopNotFound')}
        action={
          <Button variant="secondary" onClick={onBack}>
            {t('common.back')}
          </Button>
        }
      />
    </StopPage>
  );
}

/** Which stop a window is about: its marker, number (or type), name and address. */
export function StopHeading({ stop, number }: { stop: Stop; number: number | null }) {
  const { t } = useTranslation();
  const address = stopAddress(stop);
  return (
    <div className={styles.stopHeading}>
      <StopMarker stop={stop} number={number} />
      <div className={styles.stopHeadingText}>
        <p className={styles.kicker}>
          {number !== null ? t('stop.detail.number', { number }) : t(`stop.types.${stop.type}`)}
        </p>
        <h2 className={styles.heading}>{stop.type === 'break' ? t('route.breakTime') : stopName(stop)}</h2>
        {address && <p className={styles.address}>{address}</p>}
      </div>
    </div>
  );
}
