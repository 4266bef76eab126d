// Prints the fleet page with headless Chromium: the page is set as content (no server, no
// script, every request refused), so nothing from a run file can reach the network or run.
import type { Browser } from 'playwright-core';
import { findChromium, launchChromium } from '../report/chromium';
import { countPdfPages } from '../report/pdf-pages';

export async function printHtmlToPdf(
  html: string,
  env: NodeJS.ProcessEnv = process.env,
  timeout = 60_000,
): Promise<{ pdf: Buffer; pages: number }> {
  const executablePath = findChromium(env);
  let browser: Browser | null = null;
  try {
    browser = await launchChromium(executablePath, timeout);
    const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: 'light' });
    await context.route('**/*', (route) => route.abort());
    const page = await context.newPage();
    await page.setContent(html, { waitUntil: 'load', timeout });
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    return { pdf, pages: countPdfPages(pdf) };
  } finally {
    await browser?.close().catch(() => undefined);
  }
}
