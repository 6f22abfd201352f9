/**
 * The Scan screen's list of the stop's parcels with a barcode (issue 19): each with the end of its code (never the
 * whole code, which could be typed from the screen instead of the label) and state (scanned, typed, marked missing or
 * damaged, not yet), and the large buttons to mark one the camera cannot read, or undo.
 */
import { CircleCheck, Keyboard, type LucideIcon, PackageOpen, PackageX, ScanLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { codeTail } from '../../src-shared/domain/unit-scans.ts';
import type { Unit, UnitScanReason } from '../../src-shared/protocol/entities.ts';
import { Button, cx } from '../components/index.ts';
import { unitName } from '../stops/stop-display.ts';
import styles from './ScanPanel.module.css';

function stateOf(unit: Unit): { icon: LucideIcon; key: string; done: boolean } {
  if (unit.barcode_scanned)
    return {
      icon: unit.scan_method === 'manual' ? Keyboard : CircleCheck,
      key: unit.scan_method === 'manual' ? 'scan.typed' : 'scan.scanned',
      done: true,
    };
  if (unit.scan_reason === 'missing') return { icon: PackageX, key: 'scan.markedMissing', done: true };
  if (unit.scan_reason === 'damaged') return { icon: PackageOpen, key: 'scan.markedDamaged', done: true };
  return { icon: ScanLine, key: 'scan.notScanned', done: false };
}

export interface ScanUnitListProps {
  units: Unit[];
  onMark: (unitId: string, reason: UnitScanReason | null) => void;
}

export function ScanUnitList({ units, onMark }: ScanUnitListProps) {
  const { t } = useTranslation();
  return (
    <ul className={styles.units} aria-label={t('scan.parcels')}>
      {units.map((unit) => {
        const state = stateOf(unit);
        const Icon = state.icon;
        const name = unitName(unit.name);
        return (
          <li key={unit.id} className={cx(styles.unit, state.done && styles.unitDone)} data-unit={unit.id}>
            <div className={styles.unitHead}>
              <Icon className={styles.unitIcon} size={24} aria-hidden="true" />
              <span className={styles.unitText}>
                <span className={styles.unitName}>
                  {unit.quantity > 1 ? t('scan.unitCount', { quantity: unit.quantity, name }) : name}
                </span>
                {unit.barcode && (
                  <span className={styles.unitCode}>{t('scan.codeEnding', { tail: codeTail(unit.barcode) })}</span>
                )}
                <span className={styles.unitState}>{t(state.key)}</span>
              </span>
            </div>
            <div className={styles.unitActions}>
              {state.done ? (
                <Button
                  variant="secondary"
                  size="md"
                  onClick={() => onMark(unit.id, null)}
                  aria-label={t('scan.clearUnit', { name })}
                >
                  {t('scan.clear')}
                </Button>
              ) : (
                <>
                  <Button
                    variant="secondary"
                    size="md"
                    onClick={() => onMark(unit.id, 'missing')}
                    aria-label={t('scan.missingUnit', { name })}
                  >
                    {t('scan.missing')}
                  </Button>
                  <Button
                    variant="secondary"
                    size="md"
                    onClick={() => onMark(unit.id, 'damaged')}
                    aria-label={t('scan.damagedUnit', { name })}
                  >
                    {t('scan.damaged')}
                  </Button>
                </>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
