// `npm run screenshot`: docs/images/report.png, the top of `mafia-sim run --html` for 10,000 games of
// the Ukrainian table (seed 1) in headless Chromium at desktop width, for the README.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBrowser } from './browser.js';
import { BIN, ROOT } from './cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mafia-sim-shot-'));
const html = join(dir, 'report.html');
const r = spawnSync(process.execPath, [BIN, 'run', '--games', '10000', '--seed', '1', '--html', html, '--no-progress'], { cwd: ROOT, encoding: 'utf8' });
if (r.status !== 0) throw new Error(r.stderr);
const browser = await openBrowser();
try {
  const page = await browser.context.newPage();
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1100, height: 1500 });
  await page.goto(`file://${html}`);
  await page.screenshot({ path: join(ROOT, 'docs/images/report.png') });
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
console.log('wrote docs/images/report.png');
