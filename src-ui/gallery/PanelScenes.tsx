/** Gallery: the slide-up panel as /login and /account would use it. */
import { Info, Languages, LogOut, Route, Settings } from 'lucide-react';
import { useState } from 'react';
import { Button, ListRow, ListSection, Logo, SlideUpPanel, TextField, TopBar } from '../components/index.ts';
import g from './gallery.module.css';

export function LoginScene() {
  const [password, setPassword] = useState('');
  return (
    <SlideUpPanel
      header={<TopBar variant="transparent" sticky={false} backLabel="Back" onBack={() => history.back()} />}
      logo={<Logo size={80} variant="inverse" title="Droplane" />}
      footer={
        <Button fullWidth disabled={password.length === 0} disabledReason="Enter your password" reserveReasonSpace>
          Next
        </Button>
      }
    >
      <h1 className={g.panelTitle}>Sign in</h1>
      <p className={g.panelText}>driver@example.com</p>
      <TextField
        label="Password"
        value={password}
        onChange={setPassword}
        type="password"
        autoComplete="current-password"
        revealable={{ showLabel: 'Show password', hideLabel: 'Hide password' }}
      />
      <div>
        <Button variant="text" flush>
          Reset password
        </Button>
      </div>
    </SlideUpPanel>
  );
}

export function AccountScene() {
  return (
    <SlideUpPanel
      compact
      header={
        <TopBar variant="transparent" sticky={false} title="Account" backLabel="Back to route" onBack={() => {}} />
      }
      logo={<Logo size={56} variant="inverse" />}
    >
      <h1 className={g.panelTitle}>Sam de Vries</h1>
      <p className={g.panelText}>Fietskoeriers Utrecht</p>
      <div className={g.stack} style={{ marginInline: 'calc(-1 * var(--page-gutter))' }}>
        <ListSection>
          <ListRow icon={Route} label="My Routes" onClick={() => {}} />
          <ListRow icon={Settings} label="Settings" onClick={() => {}} />
          <ListRow icon={Languages} label="Language" value="Nederlands" onClick={() => {}} />
          <ListRow icon={Info} label="About" onClick={() => {}} />
          <ListRow icon={LogOut} label="Sign out" tone="danger" trailing="none" onClick={() => {}} />
        </ListSection>
      </div>
    </SlideUpPanel>
  );
}
