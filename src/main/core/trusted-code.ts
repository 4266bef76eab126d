// As root, nothing another account can change chooses code to run (issue 37, class 2): `sudo -E`
// keeps the person's environment, and a variable naming the engine worker, the native addon or
// the PDF printer, or a PATH entry, may lead to another account's file. So, as root, such a file
// is used only when it and every folder above it (as named and as resolved) are root's and no
// other account can write them (others-write.ts: mode bits, group write, ACLs); otherwise the
// variable is ignored with one line, or refused where it was the person's explicit choice. The
// current folder is never searched for code (bundled-worker.ts finds the built files).
import { lstatSync, realpathSync } from 'node:fs';
import { delimiter, dirname, resolve } from 'node:path';
import { othersCanWrite, type AclCheck } from './others-write';
import { terminalSafe } from './terminal-text';

export interface CodeFs {
  realpath(p: string): string;
  lstat(p: string): { mode: number; uid: number; gid: number; isSymbolicLink(): boolean };
}

const realFs: CodeFs = { realpath: realpathSync, lstat: lstatSync };

/** Whose process this is: tests pass a uid. */
const myUid = (): number => process.getuid?.() ?? -1;

/**
 * Why root must not run code from `path`, or null when the entry and every folder above it (the
 * path as named, links included, and where it resolves) are root's and no other account can
 * write them. A sticky folder does not count as root's here: code wants folders nobody else writes.
 */
export function rootCodeRefusal(path: string, fs: CodeFs = realFs, acl?: AclCheck): string | null {
  const abs = resolve(path);
  let real: string;
  try {
    real = fs.realpath(abs);
  } catch {
    return `${abs} does not exist`;
  }
  for (const start of new Set([abs, real])) {
    for (let p = start; ; p = dirname(p)) {
      let st: ReturnType<CodeFs['lstat']>;
      try {
        st = fs.lstat(p);
      } catch {
        return `cannot check ${p}`;
      }
      if (st.uid !== 0) return `${p} belongs to uid ${st.uid}`;
      // A link's own mode is always 0777 and means nothing; root's link in root's folder is root's.
      const why = st.isSymbolicLink() ? null : othersCanWrite(p, st, acl);
      if (why) return `${p} is ${why}`;
      if (p === dirname(p)) break;
    }
  }
  return null;
}

export type Warn = (line: string) => void;

const warnStderr: Warn = (line) => void process.stderr.write(`drivewise: ${terminalSafe(line)}\n`);

/**
 * The value of the variable `name` when it may choose code: always for another user; as root only
 * when `rootCodeRefusal` accepts it, else undefined after one line saying it is ignored and why.
 */
export function codeFromEnv(
  name: string,
  o: { env?: NodeJS.ProcessEnv; uid?: number; fs?: CodeFs; warn?: Warn } = {},
): string | undefined {
  const value = (o.env ?? process.env)[name]?.trim();
  if (!value || (o.uid ?? myUid()) !== 0) return value || undefined;
  const why = rootCodeRefusal(value, o.fs);
  if (!why) return value;
  (o.warn ?? warnStderr)(
    `ignoring ${name}=${value} as root: ${why}, so another account could change the code it names; using the installed one`,
  );
  return undefined;
}

/** Variables that make Node or the loader run code beyond the program itself. */
const CODE_VARIABLES = ['NODE_OPTIONS', 'NODE_PATH', 'LD_PRELOAD', 'LD_LIBRARY_PATH', 'LD_AUDIT'];

/**
 * As root, once at the start of the CLI and the browser host: PATH keeps only folders
 * `rootCodeRefusal` accepts (tools are run by name), and the variables that make Node or the loader
 * run other code are not passed to the engine and the tools. One line for each thing left out.
 */
export function rootEnvironment(
  env: NodeJS.ProcessEnv = process.env,
  o: { uid?: number; fs?: CodeFs; warn?: Warn } = {},
): void {
  if ((o.uid ?? myUid()) !== 0) return;
  const warn = o.warn ?? warnStderr;
  const entries = (env['PATH'] ?? '').split(delimiter).filter(Boolean);
  const kept: string[] = [];
  for (const dir of entries) {
    const why = dir.startsWith('/') ? rootCodeRefusal(dir, o.fs) : 'it is relative';
    if (!why) kept.push(dir);
    // A folder that is not there holds nothing to run (and could be made by whoever may): left
    // out without a word.
    else if (!why.endsWith('does not exist'))
      warn(
        `leaving ${dir} out of PATH as root: ${why}, so another account could put programs there`,
      );
  }
  if (kept.length !== entries.length) env['PATH'] = kept.join(delimiter);
  for (const name of CODE_VARIABLES) {
    if (!env[name]) continue;
    warn(`not passing ${name} on as root: it makes programs load code it names`);
    delete env[name];
  }
}
