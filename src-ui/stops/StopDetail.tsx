/**
 * A stop's details (spec section 2 "Stop detail (More info)"): name and location, notes, the load with its units,
 * type, time window, planned ETA, duration, when it was completed, and the proofs it asks for. Read-only; the route
 * view adds the quick actions. Notes are markdown, rendered safely (Markdown.tsx). The stop screen swaps in its own
 * unit list (expandable) and requirement list (with the feature gates); the Closed tab's preview adds a done stop's
 * completion (CompletionView), which then stands in for the requirement list.
 */
import type { ElementType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../src-shared/domain/settings.ts';
import { isDone } from '../../src-shared/domain/stops.ts';
import type { Stop, Unit } from '../../src-shared/protocol/entities.ts';
import { formatMinutes, formatTimeOfDay } from '../i18n/format.ts';
import { Markdown } from './Markdown.tsx';
import styles from './StopDetail.module.css';
import { StopMarker } from './StopMarker.tsx';
import {
  formatWindow,
  type ProofKind,
  requiredProofs,
  stopAddress,
  stopName,
  timeWindows,
  unitName,
  unitTotal,
} from './stop-display.ts';
import { OUTCOME_ICONS, OUTCOME_LABEL_KEYS, PROOF_ICONS, PROOF_LABEL_KEYS } from './stop-icons.ts';

export interface StopDetailProps {
  stop: Stop;
  /** countToShow: null for break, start and end. */
  number: number | null;
  language: Language;
  /** Id for the name heading, so a surrounding panel can be labelled by it. */
  titleId?: string;
  /** The name's heading level: 3 inside a drawer (default), 2 on a page of its own; section labels follow it. */
  headingLevel?: 2 | 3;
  /** Replaces the load's unit list (called only when there are units). */
  renderUnits?: (units: Unit[], total: number) => ReactNode;
  /** Replaces the requirement list (called only when the stop asks for a proof). */
  renderRequirements?: (kinds: ProofKind[]) => ReactNode;
  /** What a done stop's completion shows, after the details and in place of the requirements. */
  completion?: ReactNode;
}

export function StopDetail(props: StopDetailProps) {
  const { stop, number, language, titleId, headingLevel = 3, renderUnits, renderRequirements, completion } = props;
  const { t } = useTranslation();
  const notes = stop.information.notes?.trim();
  const proofs = requiredProofs(stop.requirements);
  // Section labels sit one level below the name, whichever level the name takes.
  const Label = headingLevel === 2 ? 'h3' : 'h4';

  return (
    <article className={styles.detail} aria-labelledby={titleId}>
      <StopDetailHeader stop={stop} number={number} titleId={titleId} headingLevel={headingLevel} />

      {notes && (
        <section className={styles.block}>
          <Label className={styles.label}>{t('stop.detail.notes')}</Label>
          <div className={styles.notesBox}>
            <Markdown text={notes} />
          </div>
        </section>
      )}

      {stop.units.length > 0 && <LoadBlock units={stop.units} Label={Label} renderUnits={renderUnits} />}

      <StopFacts stop={stop} language={language} />

      {proofs.length > 0 && !completion && (
        <RequirementsBlock proofs={proofs} Label={Label} renderRequirements={renderRequirements} />
      )}
      {completion && <div className={styles.completion}>{completion}</div>}
    </article>
  );
}

/** Who and where: the marker, the stop's number and name (the heading the window is labelled by), and its outcome. */
function StopDetailHeader({
  stop,
  number,
  titleId,
  headingLevel,
}: Pick<StopDetailProps, 'stop' | 'number' | 'titleId'> & { headingLevel: 2 | 3 }) {
  const { t } = useTranslation();
  const address = stopAddress(stop);
  const Outcome = OUTCOME_ICONS[stop.status];
  const outcomeKey = OUTCOME_LABEL_KEYS[stop.status];
  const Name = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <header className={styles.head}>
      <StopMarker stop={stop} number={number} />
      <div className={styles.who}>
        {number !== null && <p className={styles.kicker}>{t('stop.detail.number', { number })}</p>}
        {/* Focusable by script only: the preview moves focus to the name when a stop's detail opens. */}
        <Name id={titleId} className={styles.name} tabIndex={-1}>
          {stop.type === 'break' ? t('route.breakTime') : stopName(stop)}
        </Name>
        {address && <p className={styles.address}>{address}</p>}
      </div>
      {Outcome && outcomeKey && (
        <span className={styles[stop.status]} role="img" aria-label={t(outcomeKey)}>
          <Outcome size={24} strokeWidth={2.25} aria-hidden="true" />
        </span>
      )}
    </header>
  );
}

/** The load: its units and their total, or the caller's own list (the stop screen's expandable one). */
function LoadBlock({
  units,
  Label,
  renderUnits,
}: { units: Unit[]; Label: ElementType } & Pick<StopDetailProps, 'renderUnits'>) {
  const { t } = useTranslation();
  const total = unitTotal(units);
  return (
    <section className={styles.block}>
      {renderUnits ? (
        renderUnits(units, total)
      ) : (
        <>
          <Label className={styles.label}>
            {t('stop.detail.load')} · {t('stop.detail.units', { count: total })}
          </Label>
          <UnitList units={units} />
        </>
      )}
    </section>
  );
}

/** Type, time window, planned ETA, duration and completion time: the labelled facts, each only when it applies. */
function StopFacts({ stop, language }: Pick<StopDetailProps, 'stop' | 'language'>) {
  const { t } = useTranslation();
  const windows = timeWindows(stop);
  const facts: [label: string, value: string][] = [
    [t('stop.detail.type'), t(`stop.types.${stop.type}`)],
    [
      t('stop.detail.timeWindow'),
      windows.length ? windows.map((w) => formatWindow(w, language)).join(', ') : t('stop.detail.noTimeWindow'),
    ],
  ];
  if (stop.arr_time !== null) facts.push([t('stop.detail.plannedEta'), formatTimeOfDay(stop.arr_time, language)]);
  facts.push([t('stop.detail.duration'), formatMinutes(stop.duration, t)]);
  if (stop.finish_time !== null && isDone(stop))
    facts.push([t('stop.detail.completedAt'), formatTimeOfDay(stop.finish_time, language)]);
  return (
    <dl className={styles.facts}>
      {facts.map(([label, value]) => (
        <div key={label} className={styles.fact}>
          <dt className={styles.label}>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The proofs the stop asks for, or the caller's own list (the stop screen adds the feature gates). */
function RequirementsBlock({
  proofs,
  Label,
  renderRequirements,
}: { proofs: ProofKind[]; Label: ElementType } & Pick<StopDetailProps, 'renderRequirements'>) {
  const { t } = useTranslation();
  return (
    <section className={styles.block}>
      <Label className={styles.label}>{t('stop.detail.requirements')}</Label>
      {renderRequirements ? (
        renderRequirements(proofs)
      ) : (
        <ul className={styles.proofs}>
          {proofs.map((kind) => {
            const Icon = PROOF_ICONS[kind];
            return (
              <li key={kind} className={styles.proof}>
                <Icon size={20} strokeWidth={2} aria-hidden="true" />
                {t(PROOF_LABEL_KEYS[kind])}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** A stop's units: quantity, name (the text before a plus sign) and note. Also the units screen's list. */
export function UnitList({ units, id }: { units: readonly Unit[]; id?: string }) {
  const { t } = useTranslation();
  return (
    <ul id={id} className={styles.units}>
      {units.map((unit) => (
        <li key={unit.id} className={styles.unit}>
          <span className={styles.quantity}>{t('stop.units.quantity', { quantity: unit.quantity })}</span>
          <span className={styles.unitText}>
            <span>{unitName(unit.name)}</span>
            {unit.note && <span className={styles.unitNote}>{unit.note}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}
