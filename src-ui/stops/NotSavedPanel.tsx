/**
 * A completion the server refused for good, as the stop window shows it (issue 11 item 6, issue 12): which stop and
 * why, what the driver entered (outcome, time, notes, proofs), and the choice to send it again or discard it. The
 * data stays on the phone until the driver decides: it is never dropped unseen. What can never be sent again (made
 * through a shared link the server refused for good) offers no Send again, and says so (issue 46).
 */
import { CloudAlert, RotateCw, Trash } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../src-shared/domain/settings.ts';
import type { ParkedCompletion } from '../../src-shared/state/app-state.ts';
import { canSendAgain, refusalReason } from '../app/refusal-text.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { Button } from '../components/index.ts';
import { formatInstantTime, type Translate } from '../i18n/format.ts';
import styles from './NotSavedPanel.module.css';
import { useParkedDecision } from './use-parked-decision.ts';

export interface NotSavedPanelProps {
  parked: ParkedCompletion;
  /** The organisation's time zone, so the time reads as the driver's clock did (else the phone's). */
  timeZone?: string;
}

export function NotSavedPanel({ parked, timeZone }: NotSavedPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className={styles.panel} aria-labelledby={titleId} data-parked={parked.id}>
      <h2 id={titleId} className={styles.title}>
        <CloudAlert size={22} strokeWidth={2.25} aria-hidden="true" />
        {t('notSaved.title')}
      </h2>
      <p className={styles.reason}>{refusalReason(parked, t)}</p>
      <ParkedFacts parked={parked} timeZone={timeZone} />
      <ParkedDecisionActions parkedId={parked.id} sendable={canSendAgain(parked)} />
    </section>
  );
}

/** What the driver entered, so they can judge what sending again or discarding would keep or lose. */
function ParkedFacts({ parked, timeZone }: NotSavedPanelProps) {
  const { t, i18n } = useTranslation();
  const time = parked.completedAt ? formatInstantTime(parked.completedAt, i18n.language as Language, timeZone) : null;
  const proofs = parkedProofs(parked, t);
  return (
    <dl className={styles.facts}>
      <div>
        <dt className="visually-hidden">{t('complete.outcome')}</dt>
        <dd className={styles.outcome}>{t(`complete.${parked.status === 'skipped' ? 'skipped' : 'delivered'}`)}</dd>
      </div>
      {time && (
        <div>
          <dd>{t('notSaved.completedAt', { time })}</dd>
        </div>
      )}
      {parked.recipientNote && (
        <div>
          <dt className={styles.label}>{t('complete.recipientNote')}</dt>
          <dd className={styles.note}>{parked.recipientNote}</dd>
        </div>
      )}
      {parked.completionNote && (
        <div>
          <dt className={styles.label}>{t('complete.internalNote')}</dt>
          <dd className={styles.note}>{parked.completionNote}</dd>
        </div>
      )}
      {proofs.length > 0 && (
        <div>
          <dt className={styles.label}>{t('complete.proofOfDelivery')}</dt>
          <dd>{proofs.join(' · ')}</dd>
        </div>
      )}
    </dl>
  );
}

/** One line per proof the completion carries (photos, signature, age check); none when it carries none. */
function parkedProofs(parked: ParkedCompletion, t: Translate): string[] {
  return [
    parked.photos > 0 ? t('notSaved.photos', { count: parked.photos }) : null,
    parked.signed
      ? parked.signatureName
        ? t('notSaved.signedBy', { name: parked.signatureName })
        : t('notSaved.signed', {})
      : null,
    parked.birthDate ? t('notSaved.ageVerified', {}) : null,
  ].filter((line): line is string => line !== null);
}

interface ParkedDecisionProps {
  parkedId: ParkedCompletion['id'];
  /** Sending again can work; if not, why there is no Send again takes its place. */
  sendable: boolean;
}

/** Send again, or discard behind a confirmation: discarding loses what the driver entered for good. */
function ParkedDecisionActions({ parkedId, sendable }: ParkedDecisionProps) {
  const { t } = useTranslation();
  const { busy, confirming, setConfirming, run } = useParkedDecision(parkedId);
  return (
    <>
      {!sendable && <p className={styles.unsendable}>{t('notSaved.cannotSend')}</p>}
      <div className={styles.actions}>
        {sendable && (
          <Button
            icon={<RotateCw size={20} aria-hidden="true" />}
            loading={busy === 'retry'}
            disabled={busy !== null && busy !== 'retry'}
            onClick={() => void run('retry')}
          >
            {t('notSaved.sendAgain')}
          </Button>
        )}
        <Button
          variant="danger"
          icon={<Trash size={20} aria-hidden="true" />}
          disabled={busy !== null}
          onClick={() => setConfirming(true)}
        >
          {t('notSaved.discard')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        tone="danger"
        title={t('notSaved.discardTitle')}
        message={t('notSaved.discardMessage')}
        confirmLabel={t('notSaved.discard')}
        cancelLabel={t('common.cancel')}
        confirmLoading={busy === 'discard'}
        onConfirm={() => void run('discard')}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
