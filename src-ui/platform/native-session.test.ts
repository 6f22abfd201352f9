/** The wrapper's messages around the handshake (native-session.ts handshakeInbox): none is lost or taken twice. */
import { describe, expect, it } from 'vitest';
import type { OtherWrapperMessage } from './native-bridge.ts';
import { handshakeInbox } from './native-session.ts';

const tokens = (n: number) => ({ accessToken: `a${n}`, refreshToken: `r${n}`, expiresAt: n });
const session = (n: number): OtherWrapperMessage => ({ type: 'session', tokens: tokens(n) });
const link: OtherWrapperMessage = { type: 'link', projectId: 1, routeId: 2, token: 't' };

describe('handshakeInbox', () => {
  it('gives the start the first session and the link, and keeps a second session for attach', async () => {
    const inbox = handshakeInbox();
    inbox.receive(session(1));
    inbox.receive(link);
    inbox.receive(session(2));
    await inbox.answer;
    const given = inbox.settle();
    expect(given.tokens).toEqual(tokens(1));
    expect(given.link).toMatchObject({ projectId: 1, routeId: 2, token: 't', webView: true });
    const handled: OtherWrapperMessage[] = [];
    inbox.attach((m) => handled.push(m));
    expect(handled).toEqual([session(2)]);
  });

  it('a session or link that comes after the handshake timed out, before the core is ready, reaches attach', () => {
    const inbox = handshakeInbox();
    expect(inbox.settle()).toEqual({ tokens: null, link: null });
    inbox.receive(session(3));
    inbox.receive(link);
    const handled: OtherWrapperMessage[] = [];
    inbox.attach((m) => handled.push(m));
    expect(handled).toEqual([session(3), link]);
    inbox.receive({ type: 'location', lat: 52, lng: 5 });
    expect(handled).toHaveLength(3);
  });
});
