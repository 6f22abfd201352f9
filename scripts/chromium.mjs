/**
 * The one Chromium launch of the project: Debian's browser (CHROMIUM_PATH to use another; nothing here ever downloads
 * one) with the flags every run needs. The browser tests (playwright.config.ts), the map specs, the benchmarks, the
 * screenshots and the icon maker all take it from here; tests/architecture/source-checks.test.ts holds every other
 * file to that.
 */

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for any run here: no sandbox (root in a container), and nothing fetched that the run did not ask for. */
const COMMON_ARGS = [
  '--no-sandbox',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** WebGL on the CPU (SwiftShader): this machine has no GPU, and the route map (maplibre, deck.gl) needs WebGL. */
const SOFTWARE_GL_ARGS = ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'];

/**
 * Launch options for Playwright's `chromium.launch` (or a project's `launchOptions`). `webgl` swaps --disable-gpu for
 * software GL; `extraArgs` come last (a fake camera, the benchmark's timer flags).
 */
export function chromiumLaunch({ webgl = false, extraArgs = [] } = {}) {
  return {
    executablePath: CHROMIUM_PATH,
    args: [...COMMON_ARGS, ...(webgl ? SOFTWARE_GL_ARGS : ['--disable-gpu']), ...extraArgs],
  };
}
