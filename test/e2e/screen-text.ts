// The text check every user screen passes (issue 38): one unit system, and no deploy/ or tool path
// outside the tools' details. Shared by the wizard walk (laptop-steps) and History/Verdict/Fleet.
import type { Page } from 'playwright-core';

/** A screen's words as a person reads them: main and the footer, the tools' details left out. */
const SCREEN_TEXT = `(() => {
  const parts = [...document.querySelectorAll('main, footer')].map((el) => {
    const copy = el.cloneNode(true);
    copy.querySelectorAll('details.tests-details').forEach((d) => d.remove());
    return copy.textContent;
  });
  return parts.join('\\n');
})()`;
const DECIMAL = /\b(kB|MB|GB|TB)\b/g;
const BINARY = /\b(KiB|MiB|GiB|TiB)\b/g;
/** A request or record size names a tool's method ("4 KiB reads", "512 KiB records"), not an amount. */
const REQUEST_SIZE = /\b\d+ ?(KiB|MiB) (random )?(reads?|writes?|records?|blocks?|requests?)\b/g;
/** What belongs in the README or the tools' details, never on a user screen. */
const DEV_PATHS = /deploy\/|\/usr\/s?bin\/|\bdist\/|node_modules|\.ansible/i;
/**
 * The playbook is named only on Fleet, the screen for the run files it fetched (its path and how
 * to run it are in the README); the wizard, History and Verdict are for one person's own machine.
 */
const PLAYBOOK = /playbook/i;

export const screenText = (page: Page): Promise<string> => page.evaluate<string>(SCREEN_TEXT);

/** One line per screen that mixes unit systems or names a deploy/ or tool path. */
export function textProblems(texts: Record<string, string>): string[] {
  const out: string[] = [];
  for (const [name, t] of Object.entries(texts)) {
    const dec = [...new Set(t.match(DECIMAL) ?? [])];
    const bin = [...new Set(t.replace(REQUEST_SIZE, '').match(BINARY) ?? [])];
    if (dec.length && bin.length) out.push(`${name}: ${dec.join(' ')} beside ${bin.join(' ')}`);
    const dev = DEV_PATHS.exec(t) ?? (name.startsWith('fleet') ? null : PLAYBOOK.exec(t));
    if (dev) out.push(`${name}: "${t.slice(Math.max(0, dev.index - 30), dev.index + 30)}"`);
  }
  return out;
}
