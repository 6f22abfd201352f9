/**
 * The minimized drawer's carousel (spec section 2): one card per stop not done yet, in route order, with dots.
 * Swiping to a card (native scroll snapping) makes its stop the active one; a new active stop from elsewhere (a
 * marker, the list, a completion) scrolls its card into place (use-carousel-position.ts). Only the cards next to
 * the current one are drawn. "All done!" when every stop is finished or skipped.
 */

import { useSignals } from '@preact/signals-react/runtime';
import { ChevronLeft, ChevronRight, CircleCheck } from 'lucide-react';
import { memo, useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavigationApp } from '../../../src-shared/domain/settings.ts';
import { cx, IconButton } from '../../components/index.ts';
import { useRouteState } from '../shared/use-route-state.ts';
import { CarouselCard } from './CarouselCard.tsx';
import styles from './carousel.module.css';
import { useCarouselPosition } from './use-carousel-position.ts';

export interface CarouselProps {
  navigationApp: NavigationApp;
  onSelect: (stopId: number) => void;
}

/** Cards drawn on each side of the current one; the others are empty slots that keep the scroll width. */
const DRAWN_AROUND = 1;
const MAX_DOTS = 7;

/**
 * Reads the cards' ids and the active stop (route-state.ts), not the stops: each drawn card reads its own stop, so a
 * change to a stop re-renders its card alone, and nothing when its card is not drawn (issue 47).
 */
export const Carousel = memo(function Carousel({ navigationApp, onSelect }: CarouselProps) {
  useSignals();
  const { t } = useTranslation();
  const routeState = useRouteState();
  const trackRef = useRef<HTMLDivElement>(null);
  const cards = routeState.cardIds.value;
  const activeStopId = routeState.activeStopId.value;
  const current = useCarouselPosition(trackRef, cards, activeStopId, onSelect);

  if (cards.length === 0) {
    return (
      <div className={styles.allDone} role="status">
        <CircleCheck size={32} strokeWidth={2.25} aria-hidden="true" />
        {t('route.allDone')}
      </div>
    );
  }

  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label={t('route.view.carousel')}>
      <div ref={trackRef} className={styles.track}>
        {cards.map((card, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern's slide is a group, not a form's fieldset.
          <div
            key={card}
            className={styles.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={i === current ? t('route.view.slide', { index: i + 1, count: cards.length }) : undefined}
            aria-hidden={i !== current || undefined}
            inert={i !== current}
          >
            {Math.abs(i - current) <= DRAWN_AROUND && <CarouselCard stopId={card} navigationApp={navigationApp} />}
          </div>
        ))}
      </div>
      <CarouselNav cards={cards} current={current} onSelect={onSelect} />
    </section>
  );
});

/** Previous and next, with the dots between them (at most seven, around the current card). */
function CarouselNav({
  cards,
  current,
  onSelect,
}: {
  cards: readonly number[];
  current: number;
  onSelect: (stopId: number) => void;
}) {
  const { t } = useTranslation();
  // Handlers that stay the same function, reading the cards at the tap: the memoized buttons keep their icons when a
  // Done moves the cards along (issue 47). A ref written in render: the latest committed or not, as a tap wants.
  const latest = useRef({ cards, current, onSelect });
  latest.current = { cards, current, onSelect };
  const previous = useCallback(() => stepCards(latest.current, -1), []);
  const next = useCallback(() => stepCards(latest.current, 1), []);
  const firstDot = Math.min(Math.max(0, current - (MAX_DOTS >> 1)), Math.max(0, cards.length - MAX_DOTS));
  const dots = cards.slice(firstDot, firstDot + MAX_DOTS);
  return (
    <div className={styles.nav}>
      <IconButton
        icon={ChevronLeft}
        label={t('common.a11y.previousStop')}
        disabled={current === 0}
        onClick={previous}
      />
      <span className={styles.dots} aria-hidden="true">
        {dots.map((card, i) => {
          const index = firstDot + i;
          // The end dots shrink where more cards lie beyond them.
          const edge = (i === 0 && firstDot > 0) || (i === dots.length - 1 && firstDot + dots.length < cards.length);
          return (
            <span key={card} className={cx(styles.dot, index === current && styles.current, edge && styles.edge)} />
          );
        })}
      </span>
      <IconButton
        icon={ChevronRight}
        label={t('common.a11y.nextStop')}
        disabled={current >= cards.length - 1}
        onClick={next}
      />
    </div>
  );
}

/** Selects the card `by` places from the current one, within the cards. */
function stepCards(
  { cards, current, onSelect }: { cards: readonly number[]; current: number; onSelect(id: number): void },
  by: number,
) {
  const card = cards[Math.min(cards.length - 1, Math.max(0, current + by))];
  if (card !== undefined) onSelect(card);
}
