// Issue 25, classes 2 and 5, by a second account: binding [::1] on the host's port (a browser
// trying ::1 first would hand that account the key), and flooding the host with silent and slow
// connections. Each has a control: a plain 127.0.0.1-only server for the bind, a server without
// timeouts or caps for the flood. During the flood a second client, with the key, times its round
// trip, and a keyed client slow to send its request outlives a burst. Also: concurrent report
// renders beyond the queue get "busy".
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderReport } from '../../src/main/report/print-service';
import { startLoopbackServer } from '../../src/main/web/loopback-server';
import { isRoot } from './cli-run';
import { roundTrip, startHostChild } from './host-kit';
import { raceUntil, secondAccount } from './second-account';
import { recordAttack } from './tally';

const noop = (): void => undefined;

const BINDER = `
import socket, sys
for line in sys.stdin:
    s = socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
    try:
        s.bind(('::1', int(line)))
        s.listen(1)
        print('bound', flush=True)
    except OSError:
        print('refused', flush=True)
    s.close()
`;

const FLOOD = `
import socket, sys, time
port, n, secs = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
socks = []
for i in range(n):
    try:
        s = socket.create_connection(('127.0.0.1', port), timeout=2)
        if i % 2:
            s.sendall(b'GET / HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\n')
        socks.append(s)
    except OSError:
        pass
end = time.time() + secs
while time.time() < end:
    time.sleep(0.5)
    for i, s in enumerate(socks):
        if i % 2:
            try:
                s.sendall(b'X')
            except OSError:
                pass
alive = 0
for s in socks:
    s.setblocking(False)
    try:
        if s.recv(1) == b'':
            continue
    except BlockingIOError:
        alive += 1
    except OSError:
        pass
print(len(socks), alive, flush=True)
`;

const a = secondAccount(isRoot);
let binder: ChildProcess | null = null;
let ask: (port: number) => Promise<boolean> = async () => false;

beforeAll(() => {
  if (!isRoot) return;
  binder = spawn('python3', ['-c', BINDER], { uid: a.uid, gid: a.gid, cwd: '/' });
  const answers = createInterface({ input: binder.stdout! });
  const waiting: ((bound: boolean) => void)[] = [];
  answers.on('line', (l) => waiting.shift()?.(l === 'bound'));
  ask = (port) =>
    new Promise((r) => {
      waiting.push(r);
      binder!.stdin!.write(`${port}\n`);
    });
});
afterAll(() => {
  binder?.kill('SIGKILL');
});

const dispatch = async (): Promise<never> => {
  throw new Error('not used');
};

describe.skipIf(!isRoot)('class 2: the host holds its port on both loopback names', () => {
  it('control: a 127.0.0.1-only server leaves [::1] on its port to the other account', async () => {
    const r = await raceUntil(async () => {
      const srv = createServer();
      await new Promise<void>((ok) => srv.listen(0, '127.0.0.1', ok));
      const hit = await ask((srv.address() as AddressInfo).port);
      await new Promise((ok) => srv.close(ok));
      return hit;
    });
    console.log(
      `class 2 control: [::1] taken on the server's port in ${r.hits} of ${r.runs} starts`,
    );
    expect(r.hits).toBeGreaterThanOrEqual(20);
  });

  it('protected: the other account never gets [::1] on the host port; a taken port is refused', async () => {
    const r = await raceUntil(
      async () => {
        const h = await startLoopbackServer({
          staticDir: 'dist/renderer',
          dispatch,
          maxClients: 2,
        });
        const hit = await ask(h.port);
        await h.close();
        return hit;
      },
      { minHits: 1, maxRuns: 40 },
    );
    // The account holds [::1]:P first; the host asked for P must not take 127.0.0.1:P alone.
    const holder = spawn(
      'python3',
      [
        '-c',
        "import socket,sys,time\ns=socket.socket(socket.AF_INET6);s.bind(('::1',0));s.listen(1);print(s.getsockname()[1],flush=True);time.sleep(60)",
      ],
      { uid: a.uid, gid: a.gid, cwd: '/' },
    );
    const port = Number(
      await new Promise<string>((ok) =>
        holder.stdout!.once('data', (d: Buffer) => ok(d.toString())),
      ),
    );
    const refusal = await startLoopbackServer({
      staticDir: 'dist/renderer',
      dispatch,
      maxClients: 2,
      port,
    })
      .then(async (h) => (await h.close(), ''))
      .catch((err: Error) => err.message);
    holder.kill('SIGKILL');
    console.log(
      `class 2 protected: [::1] taken on the host's port in ${r.hits} of ${r.runs} starts; port held by the account: "${refusal}"`,
    );
    recordAttack(`class 2: another account binds [::1] on the host's port (${r.runs} starts)`, {
      held: r.hits === 0 && /taken on \[::1\]/.test(refusal),
    });
    expect(r.hits).toBe(0);
    expect(refusal).toMatch(/^port \d+ is taken on \[::1\] by another program/);
  });
});

/** The flood as the second account: prints how many connections it opened and how many live on. */
function flood(port: number, n: number, secs: number): Promise<{ opened: number; alive: number }> {
  const p = spawn('python3', ['-c', FLOOD, String(port), String(n), String(secs)], {
    uid: a.uid,
    gid: a.gid,
    cwd: '/',
  });
  let out = '';
  p.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((ok) =>
    p.on('close', () => {
      const [opened, alive] = out.trim().split(' ').map(Number);
      ok({ opened: opened ?? 0, alive: alive ?? -1 });
    }),
  );
}

describe.skipIf(!isRoot)('class 5: silent and slow connections are bounded', () => {
  it('control: a server without timeouts or caps keeps every flood connection open', async () => {
    const srv = createServer((_q, s) => s.end('ok'));
    await new Promise<void>((ok) => srv.listen(0, '127.0.0.1', ok));
    const f = await flood((srv.address() as AddressInfo).port, 120, 6);
    srv.closeAllConnections();
    await new Promise((ok) => srv.close(ok));
    console.log(
      `class 5 control: ${f.alive} of ${f.opened} flood connections still open after 6 s`,
    );
    expect(f.alive).toBeGreaterThanOrEqual(20);
  });

  it('protected: the real host closes them, and a keyed client gets through meanwhile', async () => {
    const h = await startHostChild();
    try {
      const flooding = flood(h.port, 300, 6);
      const trips: number[] = [];
      const end = Date.now() + 5500;
      while (Date.now() < end) {
        trips.push(await roundTrip(h.url));
        await new Promise((r) => setTimeout(r, 250));
      }
      const f = await flooding;
      const worst = Math.max(...trips);
      console.log(
        `class 5 protected: ${f.alive} of ${f.opened} flood connections still open after 6 s; keyed round trip during the flood: worst ${worst.toFixed(0)} ms of ${trips.length}`,
      );
      recordAttack('class 5: 300 silent and slow connections by another account', {
        held: f.alive === 0 && worst < 2000,
        crashed: h.exit !== null,
      });
      expect(f.alive).toBe(0);
      expect(worst).toBeLessThan(2000);
      expect(h.exit).toBeNull();
    } finally {
      await h.stop();
    }
  });

  it('a keyed client slow to send its request outlives a burst of silent connections', async () => {
    // A busy machine: the page's connection is open, but its request comes 150 ms later, after
    // 100 silent connections from another program. An age-only cap (a new connection closes the
    // oldest without the key) closes the page's before it could show the key.
    const h = await startHostChild();
    const silent: Socket[] = [];
    try {
      const keyed = slowGet(h.port, new URL(h.url).pathname, async () => {
        await new Promise((r) => setTimeout(r, 50));
        for (let i = 0; i < 100; i++) silent.push(connect(h.port, '127.0.0.1').on('error', noop));
        await Promise.all(silent.map((s) => new Promise((r) => s.once('connect', r))));
        await new Promise((r) => setTimeout(r, 100));
      });
      const status = await keyed;
      console.log(`class 5 burst: keyed request sent after 100 silent connections: ${status}`);
      expect(status).toMatch(/^HTTP\/1\.1 (200|404)/);
    } finally {
      for (const s of silent) s.destroy();
      await h.stop();
    }
  });

  /** A GET written once `before` is done; the answer's status line, or why there was none. */
  function slowGet(port: number, path: string, before: () => Promise<void>): Promise<string> {
    return new Promise((ok) => {
      let got = '';
      const s = connect(
        port,
        '127.0.0.1',
        () =>
          void before().then(() =>
            s.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`),
          ),
      );
      s.setTimeout(10_000, () => s.destroy());
      s.on('data', (d: Buffer) => (got += d.toString('latin1')));
      s.on('error', (e) => (got ||= `error ${e.message}`));
      s.on('close', () => ok(got.split('\r\n')[0] || 'closed without an answer'));
    });
  }

  it('concurrent report renders beyond the queue are refused as busy', async () => {
    const env = { ...process.env, CHROME_PATH: '/bin/false' };
    const target = { beforeId: 'x', paper: 'a4' as const, showSerials: false };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        renderReport({ target, dispatch, want: { pdf: true }, env, timeoutMs: 5000 }).then(
          () => 'rendered',
          (err: Error) => err.message,
        ),
      ),
    );
    const busy = answers.filter((m) => m.startsWith('busy:')).length;
    console.log(`class 5 renders: 5 at once -> ${busy} busy, ${5 - busy} run one after another`);
    recordAttack('class 5: five report renders at once', { held: busy > 0 && busy < 5 });
    expect(busy).toBeGreaterThan(0);
  });
});
