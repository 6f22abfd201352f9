/** The app's frame: the error boundary's fallback page, feedback (snackbars, alerts) and the routes. */
import { useTranslation } from 'react-i18next';
import { Router } from 'wouter';
import { ErrorBoundary, setAppTitle } from '../components/index.ts';
import { AppRoutes } from './AppRoutes.tsx';
import { type Core, CoreProvider } from './core-context.tsx';
import { FeedbackProvider } from './feedback.tsx';

export function App({ core }: { core: Core }) {
  const { t } = useTranslation();
  setAppTitle(t('common.appName'));
  return (
    <ErrorBoundary
      title={t('errors.fallback.title')}
      message={t('errors.fallback.message')}
      reloadLabel={t('errors.fallback.reload')}
      onError={(error) => console.error('render failed', error)}
    >
      <CoreProvider value={core}>
        <FeedbackProvider>
          <Router>
            <AppRoutes />
          </Router>
        </FeedbackProvider>
      </CoreProvider>
    </ErrorBoundary>
  );
}
