/** The component gallery (development only): open /gallery.html, or /gallery.html#scene for one scene. */
import '../styles/tokens.css';
import '../styles/global.css';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ListRow, ListSection, TopBar } from '../components/index.ts';
import { ControlsSection } from './ControlsSection.tsx';
import g from './gallery.module.css';
import { ListsSection } from './ListsSection.tsx';
import { MAP_SCENES } from './map-scene.tsx';
import { DialogScene, FallbackScene, LoadingScene, SnackbarScene } from './OverlayScenes.tsx';
import { AccountScene, LoginScene } from './PanelScenes.tsx';
import { PROOF_SCENES } from './proof-scene.tsx';

const scenes = {
  login: LoginScene,
  account: AccountScene,
  alert: () => <DialogScene kind="alert" />,
  confirm: () => <DialogScene kind="confirm" />,
  loading: LoadingScene,
  snackbar: SnackbarScene,
  fallback: FallbackScene,
  ...PROOF_SCENES,
  ...MAP_SCENES,
} as const;

type SceneName = keyof typeof scenes;

function isScene(name: string): name is SceneName {
  return Object.hasOwn(scenes, name);
}

function useHash(): string {
  const [hash, setHash] = useState(location.hash.slice(1));
  useEffect(() => {
    const onChange = () => setHash(location.hash.slice(1));
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return hash;
}

function Gallery() {
  const hash = useHash();
  if (isScene(hash)) {
    const Scene = scenes[hash];
    return <Scene key={hash} />;
  }
  return (
    <div className={g.page}>
      <TopBar title="Droplane components" />
      <ListSection title="Full-screen scenes">
        {Object.keys(scenes).map((name) => (
          <ListRow key={name} label={name} href={`#${name}`} />
        ))}
      </ListSection>
      <ControlsSection />
      <ListsSection />
    </div>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('gallery.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <Gallery />
  </StrictMode>,
);
