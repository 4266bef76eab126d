// As root, no variable or folder another account can change chooses code (issue 37, class 2).
import { describe, expect, it } from 'vitest';
import {
  codeFromEnv,
  rootCodeRefusal,
  rootEnvironment,
  type CodeFs,
} from '../../../../src/main/core/trusted-code';
import { addonCandidates } from '../../../../src/main/core/native-aio';
import { findChromium } from '../../../../src/main/report/chromium';

type E = { uid: number; gid?: number; mode: number; link?: string };
function fsOf(t: Record<string, E>): CodeFs {
  return {
    realpath: (p) => {
      if (!t[p]) throw new Error(`ENOENT ${p}`);
      return t[p]!.link ?? p;
    },
    lstat: (p) => {
      const e = t[p];
      if (!e) throw new Error(`ENOENT ${p}`);
      return { gid: 0, ...e, isSymbolicLink: () => e.link !== undefined };
    },
  };
}

const tree: Record<string, E> = {
  '/': { uid: 0, mode: 0o40755 },
  '/opt': { uid: 0, mode: 0o40755 },
  '/opt/w.js': { uid: 0, mode: 0o100644 },
  '/opt/g.js': { uid: 0, gid: 0, mode: 0o100664 },
  '/home': { uid: 0, mode: 0o40755 },
  '/home/eve': { uid: 1001, mode: 0o40755 },
  '/home/eve/w.js': { uid: 1001, mode: 0o100644 },
  '/tmp': { uid: 0, mode: 0o41777 },
  '/tmp/w.js': { uid: 0, mode: 0o100644 },
  '/opt/l.js': { uid: 0, mode: 0o120777, link: '/home/eve/w.js' },
};
const fs = fsOf(tree);

describe('rootCodeRefusal', () => {
  it('accepts a root file in root-only folders and names what is wrong otherwise', () => {
    expect(rootCodeRefusal('/opt/w.js', fs, () => false)).toBeNull();
    expect(rootCodeRefusal('/home/eve/w.js', fs, () => false)).toBe(
      '/home/eve/w.js belongs to uid 1001',
    );
    expect(rootCodeRefusal('/opt/g.js', fs, () => false)).toBe(
      '/opt/g.js is writable by the group with gid 0',
    );
    expect(rootCodeRefusal('/opt/w.js', fs, (p) => p === '/opt')).toMatch(
      /^\/opt is writable through an ACL/,
    );
    // Sticky is not enough for code; a root link to another account's file is followed.
    expect(rootCodeRefusal('/tmp/w.js', fs, () => false)).toBe('/tmp is writable by every account');
    expect(rootCodeRefusal('/opt/l.js', fs, () => false)).toBe(
      '/home/eve/w.js belongs to uid 1001',
    );
    expect(rootCodeRefusal('/nope', fs, () => false)).toBe('/nope does not exist');
  });
});

describe('codeFromEnv', () => {
  it('as root ignores a variable naming another account’s file, in one line', () => {
    const lines: string[] = [];
    const env = { DRIVEWISE_ENGINE_WORKER: '/home/eve/w.js' };
    const warn = (l: string) => lines.push(l);
    expect(codeFromEnv('DRIVEWISE_ENGINE_WORKER', { env, uid: 0, fs, warn })).toBeUndefined();
    expect(lines).toEqual([
      'ignoring DRIVEWISE_ENGINE_WORKER=/home/eve/w.js as root: /home/eve/w.js belongs to uid 1001, so another account could change the code it names; using the installed one',
    ]);
    expect(codeFromEnv('DRIVEWISE_ENGINE_WORKER', { env, uid: 1001, fs, warn })).toBe(
      '/home/eve/w.js',
    );
    expect(
      codeFromEnv('DRIVEWISE_AIO_ADDON', {
        env: { DRIVEWISE_AIO_ADDON: '/opt/w.js' },
        uid: 0,
        fs,
        warn,
      }),
    ).toBe('/opt/w.js');
  });

  it('the addon search has no current-folder entry and checks its variable', () => {
    const lines: string[] = [];
    const c = addonCandidates(
      { DRIVEWISE_AIO_ADDON: '/nonexistent/evil.node' },
      { uid: 0, warn: (l) => lines.push(l), here: '/opt/app', root: '/opt' },
    );
    expect(c).toEqual(['/opt/app/drivewise_aio.node', '/opt/build/Release/drivewise_aio.node']);
    expect(lines[0]).toMatch(/^ignoring DRIVEWISE_AIO_ADDON=\/nonexistent\/evil\.node as root/);
  });
});

describe('rootEnvironment', () => {
  it('leaves out PATH folders others can write and Node’s code variables, one line each', () => {
    const env: NodeJS.ProcessEnv = {
      PATH: '/opt:/home/eve:/tmp:/gone:rel',
      NODE_OPTIONS: '--require /home/eve/x.js',
      LANG: 'C',
    };
    const lines: string[] = [];
    rootEnvironment(env, { uid: 0, fs, warn: (l) => lines.push(l) });
    expect(env.PATH).toBe('/opt');
    expect(env.NODE_OPTIONS).toBeUndefined();
    expect(env.LANG).toBe('C');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      'leaving /home/eve out of PATH as root: /home/eve belongs to uid 1001, so another account could put programs there',
    );
    const user = { PATH: '/home/eve', NODE_OPTIONS: '-r x' };
    rootEnvironment(user, { uid: 1001, fs, warn: () => undefined });
    expect(user).toEqual({ PATH: '/home/eve', NODE_OPTIONS: '-r x' });
  });
});

describe('findChromium as root', () => {
  it('refuses a CHROME_PATH another account can change and skips such a package binary', () => {
    const refusal = (p: string) => (p.startsWith('/home/') ? `${p} belongs to uid 1001` : null);
    expect(() =>
      findChromium({ CHROME_PATH: '/home/eve/chrome' }, () => true, { uid: 0, refusal }),
    ).toThrow(
      /^refusing to run CHROME_PATH=\/home\/eve\/chrome as root: \/home\/eve\/chrome belongs to uid 1001/,
    );
    expect(
      findChromium({ CHROME_PATH: '/home/eve/chrome' }, () => true, { uid: 1001, refusal }),
    ).toBe('/home/eve/chrome');
    const bad = () => 'group-writable';
    expect(() => findChromium({}, () => true, { uid: 0, refusal: bad })).toThrow(
      /no Chromium found/,
    );
  });
});
