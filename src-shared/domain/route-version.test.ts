import { describe, expect, it } from 'vitest';
import { copyIsBehind, type EventFreshness, eventFreshness, replacesCopy } from './route-version.ts';

describe('eventFreshness (an event against the copy shown)', () => {
  it.each<[string, number | undefined, number | undefined, EventFreshness]>([
    ['the change right after the copy', 4, 5, 'next'],
    ['the copy already has it (its answer came first)', 5, 5, 'stale'],
    ['older than the copy (overtaken by a later change)', 7, 5, 'stale'],
    ['one change was missed', 4, 6, 'gap'],
    ['many changes missed (a dead zone)', 4, 40, 'gap'],
    ['a copy stored before versions', undefined, 5, 'gap'],
    ['a server before versions', 4, undefined, 'next'],
    ['a new route (version 0) and its first change', 0, 1, 'next'],
  ])('%s', (_name, copy, event, expected) => {
    expect(eventFreshness(copy, event)).toBe(expected);
  });
});

describe('replacesCopy (an answer against the copy shown)', () => {
  it.each<[string, number | undefined, number | undefined, boolean]>([
    ['a newer answer', 4, 5, true],
    ['the same version (a refetch of what is shown)', 5, 5, true],
    ['an answer overtaken by an event already applied', 6, 5, false],
    ['no copy version', undefined, 5, true],
    ['an answer without a version', 6, undefined, true],
  ])('%s', (_name, copy, answer, expected) => {
    expect(replacesCopy(copy, answer)).toBe(expected);
  });
});

describe('copyIsBehind (the version the socket opened on)', () => {
  it.each<[string, number | undefined, number, boolean]>([
    ['a change made while the socket was down', 4, 6, true],
    ['nothing changed', 6, 6, false],
    ['the copy is ahead (its answer came before the socket)', 7, 6, false],
    ['a copy stored before versions', undefined, 6, true],
  ])('%s', (_name, copy, server, expected) => {
    expect(copyIsBehind(copy, server)).toBe(expected);
  });
});
