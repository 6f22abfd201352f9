/**
 * The sign-in's panel around a step, and its footer: the primary button of the step's form with, on the sign-in
 * steps, the terms. One source for the screen (LoginScreen) and for the first paint the server sends a new visitor
 * (first-paint.tsx renders these at build time), so the two cannot drift apart.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Logo, TopBar } from '../../components/index.ts';
import { PanelScreen } from '../shared/PanelScreen.tsx';
import { LoginTerms } from './LoginTerms.tsx';

export interface LoginPanelProps {
  onBack?: () => void;
  /** The panel is on screen already (the page's first paint): it does not slide in. */
  inPlace?: boolean;
  footer: ReactNode;
  children: ReactNode;
}

export function LoginPanel({ onBack, inPlace, footer, children }: LoginPanelProps) {
  const { t } = useTranslation();
  return (
    <PanelScreen
      inPlace={inPlace}
      header={
        <TopBar variant="transparent" sticky={false} backLabel={onBack && t('common.a11y.back')} onBack={onBack} />
      }
      logo={<Logo size={72} variant="inverse" title={t('common.appName')} />}
      footer={footer}
    >
      {children}
    </PanelScreen>
  );
}

export interface LoginFooterProps {
  formId: string;
  label: string;
  busy?: boolean;
  disabled?: boolean;
  /** The terms line under the button, with its link when the server names one; null: no terms line. */
  terms: { url: string | undefined } | null;
}

export function LoginFooter({ formId, label, busy = false, disabled = false, terms }: LoginFooterProps) {
  return (
    <>
      <Button key="submit" type="submit" form={formId} fullWidth loading={busy} disabled={disabled}>
        {label}
      </Button>
      {terms && <LoginTerms termsUrl={terms.url} />}
    </>
  );
}
