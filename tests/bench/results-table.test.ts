/** `--merge` on a fresh checkout reads the last run back from the README's table (bench/app/results-table.ts). */
import { describe, expect, it } from 'vitest';
import {
  appTable,
  chromiumNamed,
  lastResultsFromReadme,
  mergeBase,
  mergeReruns,
} from '../../bench/app/results-table.ts';

const figures = {
  'coldStart.routeList.worker': 2572,
  'coldStart.routeList.inline': 2735,
  'coldStart.jsGzipBeforeList.worker': 170086,
  'warmStart.lcp.worker': 188,
  'workStops.inpByAction.done.worker': 144,
  'criticalPath.gzip': 121856,
  'workStops.blockingRatio': 2.14,
  'worker.patchBytes.completeStop': 1069,
  'traceCost.traced.medianByAction.done': 212,
  'traceCost.untraced.medianByAction.done': 208.5,
  'traceCost.traced.inp': 340,
  'traceCost.untraced.inp': 352,
  'traceCost.traced.blocking': 120,
  'traceCost.untraced.blocking': 131,
  'traceCost.traced.totalMs': 61000,
  'traceCost.untraced.totalMs': 60500,
};

const readme = (block: string) =>
  `# Droplane\n\ntext\n<!-- bench:app:start -->\n${block}\n<!-- bench:app:end -->\nmore text\n`;

describe('mergeBase', () => {
  const block = `App benchmark, 2026-11-23: medians of 3 run(s) …\n\n${appTable(figures, [])}`;
  const full = { at: '2026-11-24T10:00:00Z', runs: 3, figures: { 'warmStart.lcp.worker': 201 }, raw: {} };

  it('lays a re-run over the last full or merged run', () => {
    expect(mergeBase(JSON.stringify(full), readme(block))).toEqual(full);
  });

  it("takes the README's table when there is no results.json, or only a lone --only run's", () => {
    const partial = { ...full, partial: true };
    expect(mergeBase(null, readme(block)).figures).toMatchObject({ 'coldStart.routeList.worker': 2572 });
    expect(mergeBase(JSON.stringify(partial), readme(block)).figures).toMatchObject({
      'coldStart.routeList.worker': 2572,
      'warmStart.lcp.worker': 188,
    });
  });
});

describe('lastResultsFromReadme', () => {
  it('reads back what the table shows: ms whole, KB to a tenth, the lines under the table', () => {
    const block = [
      'App benchmark, 2026-11-23 (re-run: work on 2026-11-23; scan on 2026-11-24): medians of 3 run(s) …',
      '',
      appTable(figures, []),
      '',
      '| worker figure | median / size | runs (ms) or detail |',
      '|---|---:|---|',
      '| decodeLine | 1.7 ms | 1.6 |',
    ].join('\n');
    const last = lastResultsFromReadme(readme(block));
    expect(last.at).toBe('2026-11-23');
    expect(last.rerun).toEqual(['work on 2026-11-23', 'scan on 2026-11-24']);
    expect(last.runs).toBe(3);
    expect(last.figures).toEqual({
      ...figures,
      // 166.1 KB as shown, not the 170,086 B measured.
      'coldStart.jsGzipBeforeList.worker': Math.round(166.1 * 1024),
    });
    expect(block).toContain(
      "Scenario 4 with the core's User Timing measures / without (`?trace=off`), worker: Done (median) 212 / 208.5 ms",
    );
    expect(last.workerTable).toBe(
      '| worker figure | median / size | runs (ms) or detail |\n|---|---:|---|\n| decodeLine | 1.7 ms | 1.6 |',
    );
  });

  it('leaves out what the table does not show, and fails without the markers', () => {
    const last = lastResultsFromReadme(readme('App benchmark, 2026-11-20: …\n\n| Scenario | Figure |\n|---|---|'));
    expect(last).toEqual({ at: '2026-11-20', figures: {}, raw: {} });
    expect(() => lastResultsFromReadme('# no table here')).toThrow(/bench:app:start/);
  });
});

describe("the heading's browser", () => {
  it("reads back the full run's Chromium, not the re-runs'", () => {
    const heading = (chromium: string) =>
      readme(
        `App benchmark, 2026-11-28 (re-run: work on 2026-11-29): medians of 1 run(s) on 2× Xeon, ${chromium}, 390x844`,
      );
    expect(lastResultsFromReadme(heading('Chromium 150 (re-runs: Chromium 156.0.8078.108)')).chromium).toBe('150');
    expect(lastResultsFromReadme(heading('Chromium 156.0.8078.108')).chromium).toBe('156.0.8078.108');
  });

  it.each([
    [undefined, '156.0', 'Chromium 156.0'],
    ['156.0', '156.0', 'Chromium 156.0'],
    ['150', '156.0', 'Chromium 150 (re-runs: Chromium 156.0)'],
  ])('full run on %s, re-run on %s: %s', (base, now, named) => {
    expect(chromiumNamed(base, now)).toBe(named);
  });
});

describe('mergeReruns', () => {
  it.each([
    ['the first re-run', [], ['cold'], ['cold on 2026-11-26']],
    [
      'a scenario run again leaves its older entry',
      ['work,scan on 2026-11-23'],
      ['work'],
      ['scan on 2026-11-23', 'work on 2026-11-26'],
    ],
    [
      'an older entry left empty goes',
      ['cold,warm on 2026-11-23', 'scan on 2026-11-24'],
      ['cold', 'warm'],
      ['scan on 2026-11-24', 'cold,warm on 2026-11-26'],
    ],
    [
      'one entry per date, each scenario at its latest',
      ['workmap,scan on 2026-11-23', 'work,workmap on 2026-11-23', 'cold,warm on 2026-11-26', 'signin on 2026-11-26'],
      ['cold', 'warm', 'signin'],
      ['scan,work,workmap on 2026-11-23', 'cold,warm,signin on 2026-11-26'],
    ],
    [
      'the same run twice in a day is one entry',
      ['cold,warm on 2026-11-26', 'cold,warm on 2026-11-26'],
      ['cold', 'warm'],
      ['cold,warm on 2026-11-26'],
    ],
    ['text that is no entry is dropped', ['by hand'], ['map'], ['map on 2026-11-26']],
    [
      'a run count names the same scenario',
      ['signin×3,work on 2026-11-23'],
      ['signin', 'trace×3'],
      ['work on 2026-11-23', 'signin,trace×3 on 2026-11-26'],
    ],
  ])('%s', (_, previous, scenarios, expected) => {
    expect(mergeReruns(previous, scenarios, '2026-11-26')).toEqual(expected);
  });
});
