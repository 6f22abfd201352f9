/** The Scan screen's tone (match-sound.ts) against a recording stand-in for Web Audio. */
import { describe, expect, it } from 'vitest';
import { createMatchSound } from './match-sound.ts';

function recordingContext(state: AudioContextState = 'running') {
  const log: string[] = [];
  const param = (name: string) => ({
    setValueAtTime: (v: number, t: number) => log.push(`${name}=${v}@${t}`),
    exponentialRampToValueAtTime: (v: number, t: number) => log.push(`${name}->${v}@${t}`),
  });
  const node = (name: string, extra: object = {}) => ({
    connect: (next: { name?: string }) => {
      log.push(`${name}>${next.name ?? 'out'}`);
      return next;
    },
    name,
    ...extra,
  });
  const context = {
    state,
    currentTime: 2,
    destination: { name: 'speaker' },
    resume: async () => log.push('resume'),
    close: async () => log.push('close'),
    createOscillator: () =>
      node('tone', {
        type: '',
        frequency: param('frequency'),
        start: (t: number) => log.push(`start@${t}`),
        stop: (t: number) => log.push(`stop@${t}`),
      }),
    createGain: () => node('volume', { gain: param('gain') }),
  };
  return { log, context: context as unknown as AudioContext };
}

describe('createMatchSound', () => {
  it('plays one short tone to the speaker, rising and falling, and asks for an ambient audio session', () => {
    const { log, context } = recordingContext();
    const scope = { audioSession: { type: 'auto' } };
    const sound = createMatchSound(() => context, scope);
    expect(scope.audioSession.type).toBe('ambient');
    sound.play();
    expect(log).toContain('tone>volume');
    expect(log).toContain('volume>speaker');
    expect(log).toContain('start@2');
    const stop = Number(log.find((l) => l.startsWith('stop@'))!.slice(5));
    expect(stop - 2).toBeGreaterThan(0.05);
    expect(stop - 2).toBeLessThan(0.2);
    expect(log.filter((l) => l.startsWith('gain->'))).toHaveLength(2);
    sound.close();
    sound.play();
    expect(log.filter((l) => l.startsWith('start@'))).toHaveLength(1);
    expect(log).toContain('close');
  });

  it('resumes a context the browser suspended, and stays silent where there is no audio', () => {
    const { log, context } = recordingContext('suspended');
    createMatchSound(() => context, {}).play();
    expect(log[0]).toBe('resume');
    const silent = createMatchSound(() => {
      throw new Error('no audio output');
    }, {});
    expect(() => silent.play()).not.toThrow();
  });
});
