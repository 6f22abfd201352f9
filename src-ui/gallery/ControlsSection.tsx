/** Gallery: buttons, icon buttons, badges and text fields. Placeholder English lives only in the gallery. */
import { CloudUpload, Crosshair, Ellipsis, Locate, Navigation, WifiOff } from 'lucide-react';
import { useState } from 'react';
import { Badge, Button, IconButton, TextField } from '../components/index.ts';
import g from './gallery.module.css';

export function ControlsSection() {
  return (
    <>
      <ButtonsGroup />
      <IconButtonsAndBadgesGroup />
      <TextFieldsGroup />
    </>
  );
}

/** Every button variant and state; one loads on tap, to show that loading keeps the button's width. */
function ButtonsGroup() {
  const [loading, setLoading] = useState(false);
  return (
    <>
      <h2 className={g.heading}>Buttons</h2>
      <div className={g.block}>
        <Button fullWidth>Start route</Button>
        <Button
          fullWidth
          loading={loading}
          onClick={() => {
            setLoading(true);
            setTimeout(() => setLoading(false), 2000);
          }}
        >
          Tap to load (keeps width)
        </Button>
        <Button fullWidth loading>
          Complete route
        </Button>
        <Button fullWidth disabled disabledReason="Add a signature first">
          Save
        </Button>
        <Button fullWidth variant="secondary" icon={<Navigation size={20} aria-hidden="true" />}>
          Directions
        </Button>
        <Button fullWidth variant="danger">
          Sign out
        </Button>
        <div className={g.row}>
          <Button variant="secondary" size="md">
            Later
          </Button>
          <Button size="md">Refresh</Button>
          <Button variant="text">Reset password</Button>
          <Button variant="text" disabled>
            Text off
          </Button>
        </div>
      </div>
    </>
  );
}

/** Icon buttons in each variant (onBrand on a brand strip, the background it is made for), and badges in each tone. */
function IconButtonsAndBadgesGroup() {
  return (
    <>
      <h2 className={g.heading}>Icon buttons and badges</h2>
      <div className={g.block}>
        <div className={g.row}>
          <IconButton label="More" icon={Ellipsis} />
          <IconButton label="Track my location" icon={Locate} variant="tonal" />
          <IconButton label="Fit to bounds" icon={Crosshair} variant="raised" />
          <IconButton label="Disabled" icon={Ellipsis} disabled />
          <span className={g.brandStrip}>
            <IconButton label="More" icon={Ellipsis} variant="onBrand" />
          </span>
        </div>
        <div className={g.row}>
          <Badge label="Unsent" tone="warning" icon={CloudUpload} />
          <Badge label="Offline" tone="neutral" icon={WifiOff} emphasis="solid" />
          <Badge label="Offline" tone="warning" icon={WifiOff} emphasis="solid" />
          <Badge label="Delivered" tone="success" />
          <Badge label="Skipped" tone="danger" />
          <Badge label="Early 12 min" tone="early" />
          <Badge label="Late 25 min" tone="late" />
          <Badge label="In progress" tone="brand" emphasis="solid" />
        </div>
      </div>
    </>
  );
}

/** Text fields with helper, error, reveal, counter and disabled; editable, so their states can be tried. */
function TextFieldsGroup() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('hunter22');
  const [note, setNote] = useState('Leave at the back door, please.');
  return (
    <>
      <h2 className={g.heading}>Text fields</h2>
      <div className={g.block}>
        <TextField
          label="Email"
          value={email}
          onChange={setEmail}
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          helper="The address your dispatcher registered"
        />
        <TextField
          label="Password"
          value={password}
          onChange={setPassword}
          type="password"
          autoComplete="current-password"
          error="Wrong password"
          revealable={{ showLabel: 'Show password', hideLabel: 'Hide password' }}
        />
        <TextField
          label="Note for recipient"
          value={note}
          onChange={setNote}
          multiline
          maxLength={500}
          counter={`${note.length}/500`}
        />
        <TextField label="Signer name" value="" onChange={() => {}} disabled helper="Locked after saving" />
      </div>
    </>
  );
}
