/**
 * The stop's quick actions (spec section 2 "Stop detail", section 5 "One-click delivered" and "Call"): Skip,
 * Delivered in one tap, Call, and Arrived (the complete screen), as large buttons in the bottom bar.
 * - Skip and Delivered check the route's rules first; Delivered is refused while a proof is required.
 * - The internal-notes variant skips through the complete screen (a skipped stop needs an internal note there).
 * - The cleaning variant does not use Skip or one-click Delivered: they show disabled, with the reason.
 * - A done stop offers only Call and its completion (view, and edit while the route runs).
 */
import { Ban, CircleCheck, type LucideIcon, Phone, PhoneOff } from 'lucide-react';
import { type MouseEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { oneClickAllowed } from '../../../src-shared/domain/proofs.ts';
import { isDone } from '../../../src-shared/domain/stops.ts';
import { unaccountedUnits } from '../../../src-shared/domain/unit-scans.ts';
import { Button, cx } from '../../components/index.ts';
import { useSnackbarGuard } from '../../components/snackbar-guard.ts';
import { draftScanUpdates, draftUnits } from '../../scan/scan-draft.ts';
import styles from './actions.module.css';
import frame from './stop.module.css';
import { loadPhoneRule, numberToCall, useCallNumber } from './use-call-number.ts';
import { useCompleteStop } from './use-complete-stop.ts';
import type { StopView } from './use-stop.ts';

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
  const { t } = useTranslation();
  const guard = useSnackbarGuard();
  const [, navigate] = useLocation();
  const reasonId = useId();
  const { stop, organisation, variant, required } = view;
  const actions = useCompleteStop(base, view);
  const completePath = `${base}/stops/${stop.id}/complete`;
  const done = isDone(stop);
  const cleaning = variant === 'cleaning';
  const callInput = {
    config: organisation?.config ?? null,
    phone: stop.information.recipient_phone,
    country: stop.information.country,
  };
  const phone = useCallNumber(callInput);

  // The complete screen takes More info's place in the history: Done (or back) returns to the route.
  const toComplete = (query = '') => navigate(completePath + query, { replace: true, state: history.state });

  function skip() {
    if (!actions.allowed()) return;
    if (variant === 'internal-notes') toComplete('?status=skipped');
    else void actions.complete('skipped');
  }

  function deliver() {
    if (!actions.allowed()) return;
    // Parcels scanned or marked on this window meet the barcode requirement, and go with the one-click delivery.
    if (!oneClickAllowed(required, unaccountedUnits(draftUnits(stop)))) actions.refuse(t('alerts.oneClickNotAllowed'));
    else void actions.complete('finished', { units: draftScanUpdates(stop, view.scanning) });
  }

  function arrive() {
    // A done stop's completion can always be looked at; the complete screen offers Edit when the route allows it.
    if (done || actions.allowed()) toComplete();
  }

  const cannotCall = () => actions.refuse(t('alerts.cannotCall'));
  // Tapped before the phone rule has loaded (a slow line): dial once it has.
  async function callWhenLoaded() {
    const number = await loadPhoneRule().then(
      (rule) => numberToCall(rule, callInput),
      () => null,
    );
    if (!number) return cannotCall();
    // Dialled as the Call link would be (a link's click, which a native wrapper's bridge takes over).
    const link = document.createElement('a');
    link.href = `tel:${number}`;
    document.body.append(link);
    link.click();
    link.remove();
  }

  const call =
    phone === undefined ? (
      <Tile icon={Phone} label={t('stop.actions.call')} onClick={() => void callWhenLoaded()} />
    ) : phone ? (
      // Inside a native wrapper the bridge hands the tel: link's number to the wrapper (native-handoffs.ts).
      <Tile icon={Phone} label={t('stop.actions.call')} href={`tel:${phone}`} />
    ) : (
      <Tile icon={PhoneOff} label={t('stop.actions.call')} onClick={cannotCall} />
    );

  return (
    <section ref={guard} className={styles.actions} aria-label={t('stop.actions.label')}>
      {!done && (
        <div className={styles.tiles}>
          <Tile
            icon={Ban}
            label={t('stop.actions.skip')}
            onClick={skip}
            disabled={cleaning}
            busy={actions.busy}
            describedBy={cleaning ? reasonId : undefined}
          />
          <Tile
            icon={CircleCheck}
            label={t(stop.type === 'pickup' ? 'complete.pickedUp' : 'stop.actions.delivered')}
            onClick={deliver}
            disabled={cleaning}
            busy={actions.busy}
            describedBy={cleaning ? reasonId : undefined}
          />
          {call}
        </div>
      )}
      {!done && cleaning && (
        <p id={reasonId} className={frame.reason}>
          {t('stop.actions.cleaningDisabled')}
        </p>
      )}
      <div className={styles.primaryRow}>
        {done && call}
        <Button fullWidth onClick={arrive} loading={actions.busy}>
          {done ? t('stop.actions.viewCompletion') : t('stop.actions.arrived')}
        </Button>
      </div>
    </section>
  );
}
