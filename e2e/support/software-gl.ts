/**
 * Chromium's flags for a page that draws WebGL (the route map): SwiftShader, software GL on the CPU, since this
 * machine has no GPU. The other specs keep the project's --disable-gpu.
 */
export const SOFTWARE_GL_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
