/** The system Chromium (Debian's package; browser downloads are impossible here) and the flags it needs headless. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const COMMON_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const CHROMIUM_FLAGS = ['--headless=new', ...COMMON_FLAGS];

/**
 * The browser journeys' Chromium: Debian's headless-only build of the same Chromium (package chromium-headless-shell,
 * same source and version as chromium), the one Playwright itself runs headless. Without the full browser's
 * machinery it did the same journeys with about a quarter less time on a 2-core machine (docs/decisions/0015).
 */
export const HEADLESS_SHELL_PATH = process.env['CHROMIUM_HEADLESS_SHELL_PATH'] ?? '/usr/bin/chromium-headless-shell';
export const HEADLESS_SHELL_FLAGS = COMMON_FLAGS;
