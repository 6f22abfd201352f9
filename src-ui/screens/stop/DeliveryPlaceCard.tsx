/**
 * Where a delivered parcel went (issue 34, docs/delivery-outcomes.md): handed over, with a neighbour (their name and
 * house number), at a safe place (one of a short list or the driver's words, with a photo: the proofs above), or in
 * the mailbox. One tap for the common cases; the fields show only for the place that needs them. A route without photo
 * collection offers no safe place, whose photo it could not take.
 */
import { CircleExclamationPoint } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PlaceDraft } from '../../../src-shared/domain/outcomes/record.ts';
import { SAFE_PLACES } from '../../../src-shared/domain/outcomes/rules.ts';
import {
  HOUSE_NUMBER_MAX_LENGTH,
  NEIGHBOUR_NAME_MAX_LENGTH,
  SAFE_PLACE_MAX_LENGTH,
} from '../../../src-shared/limits.ts';
import { DELIVERY_PLACES, type DeliveryPlace } from '../../../src-shared/protocol/entities.ts';
import { TextField } from '../../components/index.ts';
import { RadioList } from '../../components/RadioList.tsx';
import styles from './stop.module.css';
import type { CompletionDraft } from './use-completion-draft.ts';
import type { ReadyStop } from './use-stop.ts';

export function DeliveryPlaceCard({ view, draft }: { view: ReadyStop; draft: CompletionDraft }) {
  const { t } = useTranslation();
  const { place, placeMarks: marks, showErrors } = draft;
  const change = (update: Partial<PlaceDraft>) => draft.setPlace((current) => ({ ...current, ...update }));
  const places = DELIVERY_PLACES.filter((p) => p !== 'safe_place' || view.gates.photo);
  const mark = showErrors && marks.placeMissing ? t('deliveryPlace.choose') : '';
  return (
    <div className={styles.card}>
      <RadioList<DeliveryPlace>
        label={t('deliveryPlace.title')}
        showLabel
        options={places.map((p) => ({ value: p, label: t(`deliveryPlace.${p}`) }))}
        value={place.place}
        onChange={(next) => change({ place: next })}
      />
      <p className={styles.fieldError} role="alert">
        {mark && <CircleExclamationPoint size={16} aria-hidden="true" />}
        {mark}
      </p>
      {place.place === 'neighbour' && (
        <div className={styles.section}>
          <TextField
            label={t('deliveryPlace.neighbourName')}
            value={place.neighbourName}
            onChange={(neighbourName) => change({ neighbourName })}
            maxLength={NEIGHBOUR_NAME_MAX_LENGTH}
            autoComplete="off"
            required
            error={showErrors && marks.nameMissing ? t('deliveryPlace.nameRequired') : undefined}
          />
          <TextField
            label={t('deliveryPlace.houseNumber')}
            value={place.neighbourHouseNumber}
            onChange={(neighbourHouseNumber) => change({ neighbourHouseNumber })}
            maxLength={HOUSE_NUMBER_MAX_LENGTH}
            autoComplete="off"
            required
            error={showErrors && marks.houseNumberMissing ? t('deliveryPlace.houseNumberRequired') : undefined}
          />
        </div>
      )}
      {place.place === 'safe_place' && <SafePlaceFields draft={draft} change={change} />}
    </div>
  );
}

function SafePlaceFields({ draft, change }: { draft: CompletionDraft; change: (update: Partial<PlaceDraft>) => void }) {
  const { t } = useTranslation();
  const { place, placeMarks: marks, showErrors } = draft;
  const missing = showErrors && marks.safePlaceMissing ? t('deliveryPlace.safePlaceRequired') : undefined;
  return (
    <>
      <RadioList<string>
        label={t('deliveryPlace.safePlaceTitle')}
        showLabel
        options={[...SAFE_PLACES, 'other'].map((p) => ({ value: p, label: t(`deliveryPlace.${p}`) }))}
        value={place.safePlace || null}
        onChange={(safePlace) => change({ safePlace })}
      />
      <div className={styles.section}>
        {place.safePlace === 'other' ? (
          <TextField
            label={t('deliveryPlace.otherPlace')}
            value={place.safePlaceText}
            onChange={(safePlaceText) => change({ safePlaceText })}
            maxLength={SAFE_PLACE_MAX_LENGTH}
            required
            error={missing}
          />
        ) : (
          missing && (
            <p className={styles.fieldError} role="alert">
              <CircleExclamationPoint size={16} aria-hidden="true" />
              {missing}
            </p>
          )
        )}
      </div>
    </>
  );
}
