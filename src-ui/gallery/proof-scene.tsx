/**
 * Gallery: the proof-of-delivery blocks of src-ui/proof. Register in main.tsx with `...PROOF_SCENES` and open
 * /gallery.html#proof-signature (`?lang=nl` or `?lang=de` before the hash for another language). The core is a stub:
 * preparePhoto waits 1.5 s, then returns a drawn sample (or unsupported_file for anything but jpeg/png). The line at
 * the bottom shows what the caller would put in a snackbar.
 */
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../src-shared/domain/settings.ts';
import { type Core, CoreProvider } from '../app/core-context.tsx';
import { TopBar } from '../components/index.ts';
import { initI18n } from '../i18n/index.ts';
import { AgeVerificationSheet } from '../proof/AgeVerificationSheet.tsx';
import { CleaningStatusPicker } from '../proof/CleaningStatusPicker.tsx';
import { PhotoStrip } from '../proof/PhotoStrip.tsx';
import { ProofSummary } from '../proof/ProofSummary.tsx';

const SignatureCapture = lazy(() => import('../proof/SignatureCapture.tsx'));

/** Draws a made-up image: a photo (coloured card with its number, JPEG) or a signature (a black scribble, PNG). */
function sample(kind: 'photo' | 'signature', n = 1): string {
  const canvas = Object.assign(document.createElement('canvas'), { width: 800, height: kind === 'photo' ? 600 : 260 });
  const c = canvas.getContext('2d');
  if (!c) return '';
  c.fillStyle = kind === 'photo' ? (['#7aa6d8', '#c9a36b', '#8cbf8a', '#d08c8c'][n % 4] ?? '#999') : '#fff';
  c.fillRect(0, 0, canvas.width, canvas.height);
  if (kind === 'signature') {
    c.lineWidth = 8;
    c.beginPath();
    c.moveTo(40, 180);
    c.bezierCurveTo(140, -20, 200, 280, 290, 110);
    c.bezierCurveTo(360, 0, 420, 250, 510, 150);
    c.bezierCurveTo(580, 70, 650, 210, 760, 100);
    c.stroke();
    return canvas.toDataURL('image/png');
  }
  c.fillStyle = '#5b4a3a';
  c.fillRect(220, 180, 360, 300);
  c.fillStyle = '#fff';
  c.font = 'bold 96px sans-serif';
  c.fillText(`#${n}`, 330, 360);
  return canvas.toDataURL('image/jpeg', 0.8);
}

let photoCount = 0;
/** The stub's prepared photos by handle, as the core keeps its own. */
const samples = new Map<string, string>();
const stubCore = {
  api: {
    async preparePhoto(file: Blob) {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      if (!/^image\/(jpeg|png)$/.test(file.type)) return { ok: false, error: 'unsupported_file' };
      const handle = `photo:${++photoCount}`;
      samples.set(handle, sample('photo', photoCount));
      return { ok: true, value: { handle, width: 800, height: 600, bytes: 42_000 } };
    },
    async loadImage(url: string) {
      const drawn = samples.get(url);
      if (!drawn) return { ok: false, error: 'not_found' };
      const bytes = Uint8Array.from(atob(drawn.split(',')[1] ?? ''), (c) => c.charCodeAt(0));
      return { ok: true, value: new Blob([bytes], { type: 'image/jpeg' }) };
    },
  },
  state: {},
  mode: 'worker',
} as unknown as Core;

/** The language from `?lang=`, the stub core, a translated top bar, and the caller's snackbar line. */
function Frame({ titleKey, children }: { titleKey?: string; children: (say: (text: string) => void) => ReactNode }) {
  const [ready, setReady] = useState(false);
  const [said, say] = useState('');
  useEffect(() => {
    const lang = new URLSearchParams(location.search).get('lang') as Language;
    void initI18n(LANGUAGES.includes(lang) ? lang : 'en').then(() => setReady(true));
  }, []);
  if (!ready) return null;
  return (
    <CoreProvider value={stubCore}>
      <div style={{ minHeight: '100dvh', background: 'var(--color-bg)' }}>
        {titleKey && <Title titleKey={titleKey} />}
        {children(say)}
        <p data-testid="said" role="status" style={{ padding: 'var(--space-4)', font: 'var(--type-caption)' }}>
          {said}
        </p>
      </div>
    </CoreProvider>
  );
}

function Title({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return <TopBar title={t(titleKey)} />;
}

function GatedPhotos() {
  const { t } = useTranslation();
  return <PhotoStrip photos={[]} onChange={() => {}} disabledReason={t('disabled.photoCollection')} />;
}

function PhotosScene() {
  const [two, setTwo] = useState(() => [sample('photo', 1), sample('photo', 2)]);
  const [three, setThree] = useState(() => [1, 2, 3].map((n) => sample('photo', n)));
  const block = { padding: 'var(--space-4)' };
  return (
    <Frame titleKey="complete.photos">
      {(say) => (
        <>
          <section style={block} data-testid="photos-two">
            <PhotoStrip photos={two} onChange={setTwo} onPhotoAdded={() => say('Photo added')} />
          </section>
          <section style={block} data-testid="photos-full">
            <PhotoStrip photos={three} onChange={setThree} />
          </section>
          <section style={block} data-testid="photos-gated">
            <GatedPhotos />
          </section>
        </>
      )}
    </Frame>
  );
}

type Mode = 'collected' | 'empty' | 'errors' | 'gated';

/** The summary as the complete screen would wire it; `open` starts with the signature screen or the age sheet. */
function SummaryScene({ mode, open: initial = null }: { mode: Mode; open?: 'signature' | 'age' | null }) {
  const filled = mode === 'collected';
  const [signature, setSignature] = useState(() =>
    filled ? { image: sample('signature'), name: 'J. de Vries' } : null,
  );
  const [birthDate, setBirthDate] = useState<string | null>(filled ? '1990-01-01' : null);
  const [photos, setPhotos] = useState(() => (filled ? [sample('photo', 1)] : []));
  const [open, setOpen] = useState(initial);
  const on = mode !== 'gated';
  return (
    <Frame titleKey="complete.title">
      {(say) => (
        <>
          <ProofSummary
            gates={{ signature: on, ageVerification: on, photo: on }}
            required={{ signature: on, ageVerification: on, photo: on }}
            errors={mode === 'errors' ? ['signature', 'ageVerification', 'photo'] : []}
            signature={signature}
            onAddSignature={() => setOpen('signature')}
            onDeleteSignature={() => setSignature(null)}
            birthDate={birthDate}
            onVerifyAge={() => setOpen('age')}
            onDeleteAgeVerification={() => setBirthDate(null)}
            photos={photos}
            onPhotosChange={setPhotos}
            onPhotoAdded={() => say('Photo added')}
          />
          {open === 'signature' && (
            <Suspense fallback={null}>
              <SignatureCapture
                street="Oudegracht 158"
                nameRequired
                onCancel={() => setOpen(null)}
                onDone={(r) => {
                  setSignature({ image: r.signature, name: r.signatureName });
                  setOpen(null);
                  say('Signature added');
                }}
              />
            </Suspense>
          )}
          <AgeVerificationSheet
            open={open === 'age'}
            onClose={() => setOpen(null)}
            onResult={(r) => {
              say(r.verified ? `Age verified (${r.date})` : `Underage: ${r.age}`);
              if (r.verified) setBirthDate(r.date);
            }}
          />
        </>
      )}
    </Frame>
  );
}

export const PROOF_SCENES = {
  'proof-signature': () => <SummaryScene mode="empty" open="signature" />,
  'proof-age': () => <SummaryScene mode="empty" open="age" />,
  'proof-photos': PhotosScene,
  'proof-cleaning': () => (
    <Frame titleKey="cleaning.title">{(say) => <CleaningStatusPicker onSave={(r) => say(JSON.stringify(r))} />}</Frame>
  ),
  'proof-summary': () => <SummaryScene mode="collected" />,
  'proof-summary-errors': () => <SummaryScene mode="errors" />,
  'proof-summary-gated': () => <SummaryScene mode="gated" />,
} as const;
