/** Parts the More info window puts into StopDetail: the expandable load, and the requirements with their gates. */
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { FeatureGates } from '../../../src-shared/domain/proofs.ts';
import type { Unit } from '../../../src-shared/protocol/entities.ts';
import { cx } from '../../components/index.ts';
import { UnitList } from '../../stops/StopDetail.tsx';
import type { ProofKind } from '../../stops/stop-display.ts';
import { PROOF_ICONS, PROOF_LABEL_KEYS } from '../../stops/stop-icons.ts';
import { useNav } from '../shared/navigation.ts';
import styles from './parts.module.css';
import frame from './stop.module.css';

export interface LoadProps {
  units: readonly Unit[];
  total: number;
  /** The units screen. */
  unitsPath: string;
}

/** "Load", then the unit count as a toggle for the list, and a link to the units screen. */
export function Load({ units, total, unitsPath }: LoadProps) {
  const { t } = useTranslation();
  const nav = useNav();
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <>
      <h3 className={frame.label}>{t('stop.detail.load')}</h3>
      <button
        type="button"
        className={styles.disclosure}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <span>{t('stop.detail.units', { count: total })}</span>
        <ChevronDown className={cx(styles.chevron, open && styles.chevronOpen)} size={24} aria-hidden="true" />
      </button>
      <div id={listId} hidden={!open} className={styles.unitPanel}>
        <UnitList units={units} />
      </div>
      <Link href={unitsPath} state={nav.linkState} className={styles.moreLink}>
        {t('stop.detail.allUnits')}
        <ChevronRight size={20} strokeWidth={2.25} aria-hidden="true" />
      </Link>
    </>
  );
}

const GATE: Record<ProofKind, keyof FeatureGates> = {
  signature: 'signature',
  age_verification: 'ageVerification',
  picture: 'photo',
};

/** The disabled.* message of each proof (section 5, "Feature gating"). */
export const DISABLED_KEYS: Record<keyof FeatureGates, string> = {
  signature: 'disabled.signatureCollection',
  ageVerification: 'disabled.ageVerification',
  photo: 'disabled.photoCollection',
  notes: 'disabled.completionNotes',
  barcode: 'disabled.barcodeScanning',
};

/** Signature, Age verification, Photo; one the plan or the route's settings turn off says so, and who can help. */
export function Requirements({ kinds, gates }: { kinds: ProofKind[]; gates: FeatureGates }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.requirements}>
      {kinds.map((kind) => {
        const Icon = PROOF_ICONS[kind];
        const on = gates[GATE[kind]];
        return (
          <li key={kind} className={cx(styles.requirement, !on && styles.requirementOff)}>
            <Icon size={20} strokeWidth={2} aria-hidden="true" />
            <span className={styles.requirementText}>
              <span>{t(PROOF_LABEL_KEYS[kind])}</span>
              {!on && <span className={styles.requirementNote}>{t(DISABLED_KEYS[GATE[kind]])}</span>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
