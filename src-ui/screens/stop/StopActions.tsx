/**
 * The stop's quick actions (spec section 2 "Stop detail", section 5 "One-click delivered" and "Call"): Skip,
 * Delivered in one tap, Call, and Arrived (the complete screen), as large buttons in the bottom bar.
 * - Skip and Delivered check the route's rules first; Delivered is refused while a proof is required.
 * - The internal-notes variant skips through the complete screen (a skipped stop needs an internal note there).
 * - The cleaning variant does not use Skip or one-click Delivered: they show disabled, with the reason.
 * - A done stop offers only Call and its completion (view, and edit while the route runs).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Ban, CircleCheck, type LucideIcon, Phone, PhoneOff } from 'lucide-react';
import { type MouseEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isDone } from '../../../src-shared/domain/stops.ts';
import { Button, cx } from '../../components/index.ts';
import { useSnackbarGuard } from '../../components/snackbar-guard.ts';
import styles from './actions.module.css';
import frame from './stop.module.css';
import { type QuickActions, useQuickActions } from './use-quick-actions.ts';
import type { StopView } from './use-stop.ts';
import { type StopCall, useStopCall } from './use-stop-call.ts';

type Ready = Extract<StopView, { status: 'ready' }>;

interface TileProps {
  icon: LucideIcon;
  label: string;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  href?: string;
  disabled?: boolean;
  busy?: boolean;
  describedBy?: string;
}

/** One large action: icon over label; a link when it has an href (the tel: call). */
function Tile({ icon: Icon, label, onClick, href, disabled, busy, describedBy }: TileProps) {
  const body = (
    <>
      <Icon size={24} strokeWidth={2.25} aria-hidden="true" />
      <span>{label}</span>
    </>
  );
  const className = cx(styles.tile, disabled && styles.tileDisabled);
  if (href) {
    return (
      <a className={className} href={href} onClick={onClick}>
        {body}
      </a>
    );
  }
  return (
    <button
      type="button"
      className={className}
      aria-disabled={disabled || busy || undefined}
      aria-busy={busy || undefined}
      aria-describedby={describedBy}
      onClick={(event) => {
        if (!disabled && !busy) onClick?.(event);
      }}
    >
      {body}
    </button>
  );
}

export function StopActions({ view, base }: { view: Ready; base: string }) {
  useSignals();
  const { t } = useTranslation();
  const guard = useSnackbarGuard();
  const actions = useQuickActions(view, base);
  const call = useStopCall(view, actions.refuse);
  const done = isDone(view.stop);

  return (
    <section ref={guard} className={styles.actions} aria-label={t('stop.actions.label')}>
      {!done && <OpenStopTiles view={view} actions={actions} call={call} />}
      <div className={styles.primaryRow}>
        {done && <CallTile call={call} />}
        <Button fullWidth onClick={actions.arrive} loading={actions.busy.value}>
          {done ? t('stop.actions.viewCompletion') : t('stop.actions.arrived')}
        </Button>
      </div>
    </section>
  );
}

/**
 * Skip, Delivered and Call for a stop not yet done. The cleaning variant shows Skip and Delivered disabled, with
 * the reason they are read with.
 */
function OpenStopTiles({ view, actions, call }: { view: Ready; actions: QuickActions; call: StopCall }) {
  useSignals();
  const { t } = useTranslation();
  const reasonId = useId();
  const cleaning = view.variant === 'cleaning';
  const reason = cleaning ? reasonId : undefined;
  return (
    <>
      <div className={styles.tiles}>
        <Tile
          icon={Ban}
          label={t('stop.actions.skip')}
          onClick={actions.skip}
          disabled={cleaning}
          busy={actions.busy.value}
          describedBy={reason}
        />
        <Tile
          icon={CircleCheck}
          label={t(view.stop.type === 'pickup' ? 'complete.pickedUp' : 'stop.actions.delivered')}
          onClick={actions.deliver}
          disabled={cleaning}
          busy={actions.busy.value}
          describedBy={reason}
        />
        <CallTile call={call} />
      </div>
      {cleaning && (
        <p id={reasonId} className={frame.reason}>
          {t('stop.actions.cleaningDisabled')}
        </p>
      )}
    </>
  );
}

/** Call: a tel: link once the number is known, dialling after the rule loads before that, or why it cannot. */
function CallTile({ call }: { call: StopCall }) {
  const { t } = useTranslation();
  if (call.phone === undefined) {
    return <Tile icon={Phone} label={t('stop.actions.call')} onClick={() => void call.dialWhenLoaded()} />;
  }
  // Inside a native wrapper the bridge hands the tel: link's number to the wrapper (native-handoffs.ts).
  if (call.phone) return <Tile icon={Phone} label={t('stop.actions.call')} href={`tel:${call.phone}`} />;
  return <Tile icon={PhoneOff} label={t('stop.actions.call')} onClick={call.cannotCall} />;
}
