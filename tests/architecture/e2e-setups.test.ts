/**
 * One route setup for the browser tests (issue 46): today's route started through the driver API, its first stop's
 * requirements, list or map view, the driver signed in with a screen open, is e2e/support/route-setup.ts, which
 * specs get as the `todaysRoute` and `signedInOnRoute` fixtures. A dozen specs had written these steps out one by
 * one (listMode, startFirstStop, a PATCH of the stop's five requirements, signIn, goto); this keeps them from coming
 * back outside e2e/support.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** The steps of the old setup, each with what to use instead. */
const OLD_STEPS: { name: string; step: RegExp; instead: string }[] = [
  { name: 'startFirstStop', step: /\bstartFirstStop\(/, instead: 'todaysRoute() or signedInOnRoute()' },
  { name: 'listMode', step: /\blistMode\(/, instead: "the fixtures' view: 'list', or mapView()" },
  {
    // The fixtures' `requirements` lays the ones a test asks for over NO_PROOFS.
    name: "a stop's five requirements written out",
    step: /picture: *\w+,\s*signature: *\w+,\s*signature_name: *\w+,\s*age_verification: *\w+,\s*barcode:/,
    instead: "the fixtures' requirements: { ... }, or NO_PROOFS",
  },
];

/** The e2e files outside e2e/support, as paths from the repository's root. */
function e2eFiles(): string[] {
  return readdirSync(join(root, 'e2e'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .filter((path) => !path.startsWith('e2e/support/'));
}

/** `file: what it repeats (use instead)` for each old step a file writes out. */
function repeatedSteps(files: { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) =>
    OLD_STEPS.filter(({ step }) => step.test(text)).map(({ name, instead }) => `${path}: ${name} (use ${instead})`),
  );
}

describe('the route setup of the browser tests', () => {
  it('is written once, in e2e/support/route-setup.ts', () => {
    const files = e2eFiles().map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
    expect(files.length).toBeGreaterThan(40);
    expect(repeatedSteps(files)).toEqual([]);
  });

  it('is found in a spec that writes it out again (the check can fail)', () => {
    // The opening of e2e/proofs.spec.ts's first test before the fixtures.
    const old = `
      await listMode(context, server);
      const { route, stop, number } = await startFirstStop(server, DEMO.driver, 'Cargo bike 1');
      const patched = await dispatch('PATCH', \`/routes/\${route.id}/stops/\${stop.id}\`, {
        requirements: { picture: true, signature: true, signature_name: true, age_verification: true, barcode: false },
      });
      await signIn(page, DEMO.driver);`;
    expect(repeatedSteps([{ path: 'e2e/copy.spec.ts', text: old }])).toHaveLength(3);
    const spread =
      '{\n  picture: false,\n  signature: false,\n  signature_name: false,\n  age_verification: false,\n  barcode: false,';
    expect(repeatedSteps([{ path: 'e2e/x.spec.ts', text: spread }])).toHaveLength(1);
  });
});
