/**
 * The stop update payload of spec section 3 (stop-update-body.ts), a pure function: table-tested beside it, as
 * send-policy.test.ts is.
 */
import { describe, expect, it } from 'vitest';
import { stopUpdateBody } from './stop-update-body.ts';

describe('the stop update payload', () => {
  it('a skipped stop carries only status, position and the two notes', () => {
    const body = stopUpdateBody(
      {
        status: 'skipped',
        position: { lat: 52.123456789, lng: 5.1 },
        completion_note: 'closed',
        recipient_note: null,
        proofs: { images: ['data:image/jpeg;base64,AAAA'], signature_name: 'X' },
      },
      Date.UTC(2026, 10, 21, 9),
    );
    expect(body).toEqual({
      status: 'skipped',
      lat: '52.1234568',
      lng: '5.1000000',
      completion_note: 'closed',
      recipient_note: null,
    });
  });

  it('a delivered stop adds proofs as an indexed map, the finish time, and the cleaning fields', () => {
    const at = new Date(2026, 10, 21, 9, 30, 15).getTime();
    const body = stopUpdateBody(
      {
        status: 'finished',
        proofs: { images: ['a', 'b'], signature: 'sig', signature_name: 'Jan', recipient_date_of_birth: '1990-01-01' },
        cleaning: { status: 'other', definition: 'Lid broken', sticker: true },
      },
      at,
    );
    expect(body).toMatchObject({
      images: { 0: 'a', 1: 'b' },
      signature: 'sig',
      signature_name: 'Jan',
      recipient_date_of_birth: '1990-01-01',
      finish_time: String(9 * 3600 + 30 * 60 + 15),
      cleaning_status: 'other',
      cleaning_definition: 'Lid broken',
      sticker: true,
    });
  });

  it('carries when each new photo and a new signature were captured, never for kept ones', () => {
    const at = Date.UTC(2026, 10, 21, 14, 30, 15);
    const taken: Record<string, number> = {
      'photo:1': Date.UTC(2026, 10, 21, 14, 2),
      'photo:2': Date.UTC(2026, 10, 21, 14, 3),
    };
    const capturedAt = (handle: string) => taken[handle] ?? null;
    const signedAt = '2026-11-21T14:04:00.000Z';
    const fresh = stopUpdateBody(
      {
        status: 'finished',
        proofs: {
          images: ['/v1/images/7', 'photo:1', 'photo:2'],
          signature: 'data:image/png;base64,AAAA',
          signature_captured_at: signedAt,
        },
      },
      at,
      undefined,
      capturedAt,
    );
    expect(fresh.captured_at).toEqual({
      images: { 1: '2026-11-21T14:02:00.000Z', 2: '2026-11-21T14:03:00.000Z' },
      signature: signedAt,
    });
    // An edit that keeps the stored signature and photos: nothing new was captured.
    const kept = stopUpdateBody(
      {
        status: 'finished',
        proofs: { images: ['/v1/images/7'], signature: '/v1/images/8', signature_captured_at: signedAt },
      },
      at,
      undefined,
      capturedAt,
    );
    expect(kept).not.toHaveProperty('captured_at');
  });

  it('takes the finish time on the organisation’s clocks when its time zone is known', () => {
    const at = Date.UTC(2026, 10, 21, 14, 30, 15);
    const delivered = { status: 'finished' as const };
    expect(stopUpdateBody(delivered, at, 'Europe/Amsterdam')).toMatchObject({
      finish_time: String(15 * 3600 + 30 * 60 + 15),
      completed_at: '2026-11-21T14:30:15.000Z',
    });
    expect(stopUpdateBody(delivered, at, 'America/New_York').finish_time).toBe(String(9 * 3600 + 30 * 60 + 15));
  });
});
