/**
 * The route table (spec section 2). A shared link was already turned into /routes/single/{routeId} at boot;
 * any other unknown path goes to the account when a driver is known, else to the sign-in.
 *
 * The route view's windows nest under its path: /routes/{id} (or /routes/single/{id}) is the main window and
 * .../stops/{stopId}, .../units and .../complete are the stop windows, shown over it while it stays mounted. The
 * paths stay absolute (no wouter `nest`), so every screen navigates with the same full paths.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { type ComponentType, memo, type ReactElement, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { ProgressBar } from '../components/index.ts';
import { withRouteMessages } from '../i18n/index.ts';
import { LoginScreen } from '../screens/login/LoginScreen.tsx';
import { CodeBoundary } from './CodeBoundary.tsx';
import { useCore } from './core-context.tsx';
import { fallbackPath, PATHS } from './paths.ts';
import { retryableLazy } from './retryable-lazy.ts';
import { lazyRouteScreen, routeScreen, routesScreen } from './screen-loaders.ts';

// Each screen's code may be missing (offline, never cached): CodeBoundary shows that in place (retryable-lazy.ts).
const RoutesScreen = retryableLazy(() => lazyRouteScreen(routesScreen));
// Memoized, with its windows one element per route (stopWindowsAt): a move between the route view and its stop
// windows re-renders the route table above it, not the route screen (issue 47).
const RouteScreen = memo(retryableLazy(() => lazyRouteScreen(routeScreen)));
// Account, Settings and About are never where the app opens: their code loads when the driver goes there.
// Account also says what happens to unsent stops at sign-out, in the route screens' strings.
const AccountScreen = retryableLazy(async () => ({
  default: (await withRouteMessages(import('../screens/account/AccountScreen.tsx'))).AccountScreen,
}));
const SettingsScreen = retryableLazy(async () => ({
  default: (await import('../screens/settings/SettingsScreen.tsx')).SettingsScreen,
}));
const SettingPickerScreen = retryableLazy(async () => ({
  default: (await import('../screens/settings/SettingPickerScreen.tsx')).SettingPickerScreen,
}));
const NotSavedScreen = retryableLazy(() => withRouteMessages(import('../screens/not-saved/NotSavedScreen.tsx')));
const AboutScreen = retryableLazy(async () => ({
  default: (await import('../screens/about/AboutScreen.tsx')).AboutScreen,
}));

interface StopWindowProps {
  base: string;
  stopId: number;
}
const stopWindow = (load: () => Promise<ComponentType<StopWindowProps>>) =>
  retryableLazy(async () => ({ default: await load() }));
const StopTaskScreen = stopWindow(async () => (await import('../screens/stop/StopTaskScreen.tsx')).StopTaskScreen);
const UnitsScreen = stopWindow(async () => (await import('../screens/stop/UnitsScreen.tsx')).UnitsScreen);
const CompleteScreen = stopWindow(async () => (await import('../screens/stop/CompleteScreen.tsx')).CompleteScreen);

/** While a screen's code loads: a thin bar at the top, not a full-screen scrim that flashes. */
function ScreenLoading() {
  const { t } = useTranslation();
  return <ProgressBar label={t('common.loading')} />;
}

function Fallback() {
  useSignals();
  const { state } = useCore();
  const session = state.session.value;
  if (session.status === 'loading') return null;
  return <Redirect to={fallbackPath(session.driver !== null)} replace />;
}

/** The stop windows under a route's path (`base`: /routes/{id} or /routes/single/{id}). */
function StopWindows({ base }: { base: string }) {
  const [location] = useLocation();
  return (
    <CodeBoundary kind="screen" backTo={base} resetKey={location}>
      <Switch>
        <Route path={`${base}/stops/:stopId/units`}>
          {(params) => <UnitsScreen base={base} stopId={Number(params.stopId)} />}
        </Route>
        <Route path={`${base}/stops/:stopId/complete`}>
          {(params) => <CompleteScreen base={base} stopId={Number(params.stopId)} />}
        </Route>
        <Route path={`${base}/stops/:stopId`}>
          {(params) => <StopTaskScreen base={base} stopId={Number(params.stopId)} />}
        </Route>
      </Switch>
    </CodeBoundary>
  );
}

const stopWindowsByBase = new Map<string, ReactElement>();

/** The stop windows under `base`, as one element for all renders (React skips an element it already has). */
function stopWindowsAt(base: string): ReactElement {
  let windows = stopWindowsByBase.get(base);
  if (!windows) {
    windows = <StopWindows base={base} />;
    stopWindowsByBase.set(base, windows);
  }
  return windows;
}

/** Where a screen that could not be loaded leads back to (CodeBoundary): one step up, as its own back arrow would. */
function wayBack(path: string): string {
  if (path.startsWith(`${PATHS.settings}/`)) return PATHS.settings;
  if (path === PATHS.account) return PATHS.routes;
  if (path.startsWith(`${PATHS.routes}/`) && path !== PATHS.routesClosed) return PATHS.routes;
  return PATHS.account;
}

export function AppRoutes() {
  const [location] = useLocation();
  return (
    <CodeBoundary kind="screen" backTo={wayBack(location)} resetKey={location}>
      <Suspense fallback={<ScreenLoading />}>
        <Switch>
          <Route path={PATHS.login}>
            <LoginScreen />
          </Route>
          <Route path={PATHS.resetPassword}>
            <LoginScreen startAt="reset" />
          </Route>
          <Route path={PATHS.account}>
            <AccountScreen />
          </Route>
          <Route path={PATHS.notSaved}>
            <NotSavedScreen />
          </Route>
          <Route path={PATHS.settings}>
            <SettingsScreen />
          </Route>
          <Route path="/account/settings/:page">{(params) => <SettingPickerScreen page={params.page} />}</Route>
          <Route path={PATHS.about}>
            <AboutScreen />
          </Route>
          <Route path={PATHS.routes}>
            <RoutesScreen tab="new" />
          </Route>
          <Route path={PATHS.routesClosed}>
            <RoutesScreen tab="closed" />
          </Route>
          <Route path="/routes/single/:id/*?">
            {(params) => <RouteScreen id={params.id} shared windows={stopWindowsAt(PATHS.singleRoute(params.id))} />}
          </Route>
          <Route path="/routes/:id/*?">
            {(params) => <RouteScreen id={params.id} shared={false} windows={stopWindowsAt(`/routes/${params.id}`)} />}
          </Route>
          <Route>
            <Fallback />
          </Route>
        </Switch>
      </Suspense>
    </CodeBoundary>
  );
}
