// How to start an application and have it exit by itself, with no window and a fresh profile in
// the test folder (nothing of the person's settings is read or changed): the known recipes, and
// the person's own command line.
import { basename } from 'node:path';
import { UserError } from '../core/errors';

export interface AppRecipe {
  /** Program names it is for: the name asked for, or its binary's. */
  names: readonly string[];
  /** What it does, for the method line. */
  what: string;
  /** Arguments of a start that exits by itself, its profile in `profile`, output in `out`. */
  args(profile: string, out: string, asRoot: boolean): string[];
}

const chromium: AppRecipe = {
  names: ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'],
  what: 'headless, loads about:blank and prints its page',
  // Root has no user namespaces to sandbox with (and Chromium refuses): only then no sandbox.
  args: (profile, _out, asRoot) => [
    '--headless',
    ...(asRoot ? ['--no-sandbox'] : []),
    '--disable-gpu',
    '--no-first-run',
    `--user-data-dir=${profile}`,
    '--dump-dom',
    'about:blank',
  ],
};

export const RECIPES: readonly AppRecipe[] = [
  chromium,
  {
    names: ['firefox', 'firefox-esr'],
    what: 'headless, takes a screenshot of about:blank',
    args: (profile, out) => [
      '--headless',
      '--no-remote',
      '--profile',
      profile,
      '--screenshot',
      `${out}/firefox.png`,
      'about:blank',
    ],
  },
  {
    names: ['libreoffice', 'soffice', 'soffice.bin'],
    what: 'headless, exits once initialised',
    args: (profile) => [
      '--headless',
      '--norestore',
      `-env:UserInstallation=file://${profile}`,
      '--terminate_after_init',
    ],
  },
  {
    names: ['gimp', 'gimp-2.10', 'gimp-3.0'],
    what: 'without its interface, runs a script that quits',
    args: () => ['-i', '-d', '-f', '-b', '(gimp-quit 0)'],
  },
  {
    names: ['inkscape'],
    what: 'prints its version',
    args: () => ['--version'],
  },
];

/** The recipe for a program, by the name asked for or its binary's name. */
export function recipeFor(...names: (string | null | undefined)[]): AppRecipe | null {
  for (const n of names) {
    if (!n) continue;
    const r = RECIPES.find((x) => x.names.includes(basename(n)));
    if (r) return r;
  }
  return null;
}

/** The apps timed when the person names none: every known recipe's first name. */
export const KNOWN_APPS = RECIPES.map((r) => r.names[0]!);

/**
 * A command line the person typed ("gimp -i -b '(gimp-quit 0)'") as argv: words split on
 * white space, with '…' and "…" quoting and \ escapes as a shell reads them; no expansion of
 * any kind. Linear in its length.
 */
export function parseCommand(line: string): string[] {
  const out: string[] = [];
  let word: string | null = null;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < line.length) word += line[++i]!;
      else word += c;
    } else if (/\s/.test(c)) {
      if (word !== null) out.push(word);
      word = null;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= '';
    } else if (c === '\\' && i + 1 < line.length) word = (word ?? '') + line[++i]!;
    else word = (word ?? '') + c;
  }
  if (quote) throw new UserError(`unclosed ${quote} in the command: ${line}`);
  if (word !== null) out.push(word);
  return out;
}

/** An apps entry with words after the program is the person's own start-and-exit command. */
export const isCommand = (entry: string): boolean => /\s/.test(entry.trim());
