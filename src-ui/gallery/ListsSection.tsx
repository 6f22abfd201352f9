/** Gallery: rows, pickers, loading states, empty state, logo, colours. */
import {
  FileText,
  Inbox,
  Languages,
  LogOut,
  Map as MapIcon,
  Navigation,
  Route,
  Ruler,
  ShieldCheck,
} from 'lucide-react';
import { useState } from 'react';
import { EmptyState, ListRow, ListSection, Logo, ProgressBar, Skeleton, Spinner, TopBar } from '../components/index.ts';
import { RadioList } from '../components/RadioList.tsx';
import g from './gallery.module.css';

type Language = 'en' | 'nl' | 'de';

const swatches = [
  'brand',
  'brand-subtle',
  'surface-inverse',
  'text',
  'text-secondary',
  'border-strong',
  'border',
  'bg',
  'success',
  'success-subtle',
  'warning',
  'warning-subtle',
  'danger',
  'danger-subtle',
  'early',
  'late',
];

export function ListsSection() {
  return (
    <>
      <TopBarsGroup />
      <ListRowsGroup />
      <LanguagePicker />
      <LoadingGroup />
      <EmptyState icon={Inbox} title="No routes" text="New routes from your dispatcher show up here." />
      <LogoGroup />
      <ColoursAndTypeGroup />
    </>
  );
}

/** Top bars: plain, with a title too long for one line, and on brand. Not sticky, so they stack in the page. */
function TopBarsGroup() {
  return (
    <>
      <h2 className={g.heading}>Top bars</h2>
      <div className={g.block}>
        <TopBar title="Settings" backLabel="Back" onBack={() => {}} sticky={false} />
        <TopBar
          title="A very long German title: Entfernungseinheiten"
          backLabel="Back"
          onBack={() => {}}
          sticky={false}
        />
        <TopBar title="My Routes" variant="brand" backLabel="Back" onBack={() => {}} sticky={false} />
      </div>
    </>
  );
}

/** List rows as the settings screen uses them: with values, descriptions, external links and a danger row. */
function ListRowsGroup() {
  return (
    <>
      <h2 className={g.heading}>List rows</h2>
      <ListSection title="Settings" footer="Changes apply at once.">
        <ListRow icon={Languages} label="Language" value="English" onClick={() => {}} />
        <ListRow icon={Navigation} label="Navigation" value="Google Maps" onClick={() => {}} />
        <ListRow icon={Ruler} label="Distance Units" value="Kilometers" onClick={() => {}} />
        <ListRow icon={MapIcon} label="Map view" value="On" onClick={() => {}} />
      </ListSection>
      <ListSection title="About">
        <ListRow icon={Route} label="Version" description="1.17.10, released 21 November" />
        <ListRow icon={FileText} label="Terms of service" href="#" trailing="external" />
        <ListRow icon={ShieldCheck} label="Privacy policy" href="#" trailing="external" />
        <ListRow icon={LogOut} label="Sign out" tone="danger" trailing="none" onClick={() => {}} />
      </ListSection>
    </>
  );
}

/** A picker (RadioList) that can be tried: it keeps the choice made. */
function LanguagePicker() {
  const [language, setLanguage] = useState<Language>('en');
  return (
    <RadioList
      label="Language"
      showLabel
      value={language}
      onChange={setLanguage}
      options={[
        { value: 'en', label: 'English' },
        { value: 'nl', label: 'Nederlands' },
        { value: 'de', label: 'Deutsch' },
      ]}
    />
  );
}

/** Loading states: spinners in each size, the progress bar's three states, and a skeleton card. */
function LoadingGroup() {
  return (
    <>
      <h2 className={g.heading}>Loading</h2>
      <div className={g.block}>
        <div className={g.row}>
          <Spinner size="sm" label="Loading" />
          <Spinner size="md" />
          <Spinner size="lg" />
        </div>
        <span className={g.caption}>Progress: indeterminate, 60 %, inactive (keeps its space)</span>
        <ProgressBar label="Refreshing" />
        <ProgressBar label="Pull to refresh" value={0.6} />
        <ProgressBar label="Refreshing" active={false} />
        <div className={g.card} aria-busy="true">
          <div className={g.row}>
            <Skeleton shape="circle" width="40px" />
            <Skeleton width="50%" />
          </div>
          <Skeleton lines={3} />
          <Skeleton shape="rect" />
        </div>
      </div>
    </>
  );
}

/** The logo in several sizes, and inverse on a brand strip. */
function LogoGroup() {
  return (
    <>
      <h2 className={g.heading}>Logo</h2>
      <div className={g.block}>
        <div className={g.row}>
          <Logo size={32} title="Droplane" />
          <Logo size={48} />
          <Logo size={96} />
          <span className={g.brandStrip}>
            <Logo size={32} variant="inverse" />
            <Logo size={72} variant="inverse" />
          </span>
        </div>
      </div>
    </>
  );
}

/** The design tokens themselves: a swatch per colour, and a line per type style. */
function ColoursAndTypeGroup() {
  return (
    <>
      <h2 className={g.heading}>Colours</h2>
      <div className={g.block}>
        <div className={g.swatches}>
          {swatches.map((name) => (
            <div key={name} className={g.stack}>
              <span className={g.swatch} style={{ background: `var(--color-${name})` }} />
              <span className={g.caption}>{name}</span>
            </div>
          ))}
        </div>
        <div className={g.stack}>
          <span style={{ font: 'var(--type-display)' }}>Display 30</span>
          <span style={{ font: 'var(--type-headline)' }}>Headline 24</span>
          <span style={{ font: 'var(--type-title)' }}>Title 20</span>
          <span style={{ font: 'var(--type-body)' }}>Body 17: the quick brown fox</span>
          <span style={{ font: 'var(--type-label)' }}>Label 15</span>
          <span style={{ font: 'var(--type-caption)' }}>Caption 13</span>
        </div>
      </div>
    </>
  );
}
