/**
 * A short tone for a parcel ticked off (issue 19), beside the vibration. Web Audio, so it plays at the device's media
 * volume (turned down, it is silent). Where the browser has the Audio Session API (Safari), the page's session is
 * "ambient": the ring/silent switch silences it, and it mixes with a navigation app's voice instead of pausing it.
 */

export interface MatchSound {
  /** One tone, about a tenth of a second. */
  play(): void;
  /** Frees the audio output (the Scan screen closed). */
  close(): void;
}

type AudioSessionScope = { audioSession?: { type: string } };

/** Made when the Scan screen opens (after the driver's tap, so the browser lets it play). */
export function createMatchSound(
  makeContext: () => AudioContext = () => new AudioContext(),
  scope: AudioSessionScope = navigator as AudioSessionScope,
): MatchSound {
  if (scope.audioSession) scope.audioSession.type = 'ambient';
  let context: AudioContext | null;
  try {
    context = makeContext();
  } catch {
    // No audio output here (or no Web Audio): the vibration alone says it.
    context = null;
  }
  return {
    play() {
      if (!context) return;
      if (context.state === 'suspended') void context.resume();
      const at = context.currentTime;
      const tone = context.createOscillator();
      const volume = context.createGain();
      tone.type = 'sine';
      tone.frequency.setValueAtTime(1760, at);
      // A quick rise and fall: no click at either end.
      volume.gain.setValueAtTime(0.0001, at);
      volume.gain.exponentialRampToValueAtTime(0.25, at + 0.01);
      volume.gain.exponentialRampToValueAtTime(0.0001, at + 0.11);
      tone.connect(volume).connect(context.destination);
      tone.start(at);
      tone.stop(at + 0.12);
    },
    close() {
      void context?.close();
      context = null;
    },
  };
}
