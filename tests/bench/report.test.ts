/**
 * The app benchmark's arithmetic (bench/app/report.ts, bench/app/metrics.ts): medians, flattening, the budget check
 * of bench/budgets.json, blocking time, the interactive point after a paint, and per-interaction latency. The
 * timings themselves stay in `npm run bench`; these are the rules that turn entries into figures.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  blockingTime,
  interactionLatencies,
  interactiveAt,
  scriptsDuring,
  worstInteraction,
} from '../../bench/app/metrics.ts';
import { type Budget, checkBudgets, flatten, median, medianFigures, sideBySideTable } from '../../bench/app/report.ts';
import { DEFAULT_BUDGET_KB } from '../../scripts/critical-path.mjs';

describe('median', () => {
  it.each([
    [[5], 5],
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
    [[10, 10, 90], 10],
  ])('of %j is %d', (values, expected) => {
    expect(median(values)).toBe(expected);
  });

  it('refuses no values rather than inventing one', () => {
    expect(() => median([])).toThrow();
  });
});

describe('flatten and medianFigures', () => {
  it('names nested figures with dots', () => {
    expect(flatten('work', { inp: 3, byAction: { done: 1, arrived: 2 } })).toEqual({
      'work.inp': 3,
      'work.byAction.done': 1,
      'work.byAction.arrived': 2,
    });
  });

  it('takes the median of each figure over the runs', () => {
    const runs = [
      { lcp: 900, by: { a: 1 } },
      { lcp: 1200, by: { a: 3 } },
      { lcp: 1000, by: { a: 2 } },
    ];
    expect(medianFigures(runs)).toEqual({ lcp: 1000, 'by.a': 2 });
  });
});

describe('checkBudgets', () => {
  const budgets: Budget[] = [
    { figure: 'cold.lcp.worker', max: 2500, why: 'lcp' },
    { figure: 'work.ratio', min: 3, why: 'ratio' },
  ];

  it.each([
    ['all met', { 'cold.lcp.worker': 2400, 'work.ratio': 3 }, []],
    ['a maximum exceeded', { 'cold.lcp.worker': 2501, 'work.ratio': 4 }, ['cold.lcp.worker']],
    ['a minimum missed', { 'cold.lcp.worker': 100, 'work.ratio': 2.9 }, ['work.ratio']],
    ['a figure not measured', { 'work.ratio': 5 }, ['cold.lcp.worker']],
  ])('%s', (_, figures, broken) => {
    expect(checkBudgets(figures, budgets).map((b) => b.budget.figure)).toEqual(broken);
  });

  it("bench/budgets.json holds the issue's budgets, the critical path's the same as the build's check", () => {
    const file = JSON.parse(readFileSync('bench/budgets.json', 'utf8')) as { budgets: Budget[] };
    const byFigure = Object.fromEntries(file.budgets.map((b) => [b.figure, b]));
    expect(byFigure['criticalPath.gzip']?.max).toBe(DEFAULT_BUDGET_KB * 1024);
    expect(byFigure['coldStart.lcp.worker']?.max).toBe(2500);
    expect(byFigure['coldStart.tbt.worker']?.max).toBe(200);
    expect(byFigure['warmStart.lcp.worker']?.max).toBe(1000);
    expect(byFigure['openRoute.interactiveAfterData.worker']?.max).toBe(1000);
    for (const action of ['arrived', 'addPhoto', 'done']) {
      expect(byFigure[`workStops.inpByAction.${action}.worker`]?.max).toBe(100);
    }
    expect(byFigure['workStops.blockingRatio']?.min).toBe(3);
  });
});

describe('sideBySideTable', () => {
  it('shows worker and inline with their ratio and the verdict of the worker budget', () => {
    const table = sideBySideTable(
      { 'cold.lcp.worker': 1000, 'cold.lcp.inline': 1500 },
      [{ scenario: 'Cold', figure: 'LCP', key: 'cold.lcp', unit: 'ms' }],
      [{ figure: 'cold.lcp.worker', max: 900, why: '' }],
    );
    expect(table.split('\n')[2]).toBe('| Cold | LCP | 1000 ms | 1500 ms | 1.50× | ≤ 900 ✗ |');
  });
});

describe('blockingTime', () => {
  it.each([
    ['nothing over 50 ms', [{ start: 0, duration: 50 }], 0],
    [
      'the part over 50 ms of each task',
      [
        { start: 0, duration: 80 },
        { start: 200, duration: 120 },
      ],
      100,
    ],
    [
      'only tasks starting in the window',
      [
        { start: 0, duration: 80 },
        { start: 500, duration: 150 },
      ],
      30,
    ],
  ])('%s', (_, tasks, expected) => {
    expect(blockingTime(tasks, 0, 400)).toBe(expected);
  });
});

describe('interactiveAt', () => {
  it.each([
    ['no long task: at the paint', [], 1000],
    ['a task running over the paint: at its end', [{ start: 900, duration: 300 }], 1200],
    ['a task soon after: at its end', [{ start: 1300, duration: 100 }], 1400],
    [
      'a chain of tasks each within the quiet window',
      [
        { start: 1300, duration: 100 },
        { start: 1800, duration: 60 },
      ],
      1860,
    ],
    ['a task after a quiet window does not count', [{ start: 1600, duration: 200 }], 1000],
    ['tasks before the paint do not count', [{ start: 100, duration: 300 }], 1000],
  ])('%s', (_, tasks, expected) => {
    expect(interactiveAt(tasks, 1000, 500)).toBe(expected);
  });
});

/** An event whose handlers began 5 ms after it and ran for 10 ms. */
const event = (name: string, interactionId: number, start: number, duration: number) => ({
  name,
  interactionId,
  start,
  duration,
  processingStart: start + 5,
  processingEnd: start + 15,
});

describe('interactionLatencies', () => {
  it('takes the longest event of each interaction within the window', () => {
    const events = [
      event('pointerdown', 1, 10, 24),
      event('click', 1, 12, 40),
      event('pointerdown', 2, 500, 104),
      event('click', 3, 2000, 200),
    ];
    expect(interactionLatencies(events, 0, 1000).sort((a, b) => a - b)).toEqual([40, 104]);
  });
});

describe('worstInteraction', () => {
  it("cuts the window's longest event into input delay, handlers and the wait for the paint", () => {
    const events = [event('pointerdown', 1, 10, 24), event('click', 1, 12, 40), event('click', 2, 2000, 200)];
    expect(worstInteraction(events, 0, 1000)).toEqual({
      event: 'click',
      start: 12,
      latency: 40,
      inputDelay: 5,
      processing: 10,
      presentation: 25,
    });
    expect(worstInteraction(events, 100, 1000)).toBeNull();
  });
});

describe('scriptsDuring', () => {
  it("lists the long frames' scripts and rendering in the span, longest first, without those outside it", () => {
    const script = (invoker: string, start: number, duration: number) => ({
      url: 'http://localhost/assets/shell-1.js',
      invoker,
      start,
      duration,
      fn: invoker === 'MessagePort.onmessage' ? 'apply' : '',
      at: invoker === 'MessagePort.onmessage' ? 120 : -1,
    });
    const frames = [
      { start: 0, duration: 80, renderStart: 70, scripts: [script('TimerHandler:setTimeout', 5, 60)] },
      { start: 100, duration: 60, renderStart: 150, scripts: [script('MessagePort.onmessage', 100, 45)] },
      { start: 500, duration: 90, renderStart: 580, scripts: [script('DOMWindow.onpopstate', 500, 80)] },
    ];
    expect(scriptsDuring(frames, 50, 200)).toEqual([
      'TimerHandler:setTimeout (shell-1.js) 60 ms',
      'MessagePort.onmessage (shell-1.js apply@120) 45 ms',
      'rendering 10 ms',
      'rendering 10 ms',
    ]);
  });
});
