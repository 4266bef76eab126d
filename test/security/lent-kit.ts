// The lent engine as its account can make it (issue 37, class 3): that account may attach to the
// engine root lends it (Node's inspector on SIGUSR1, ptrace) and run what it likes inside, so the
// test's engine is simply hers: a script speaking the engine protocol over whichever channel it
// was given (Node's IPC, as before the fix, or the line channel at fd 3) that does what she did.
// MARKERS gets a file per thing that worked from inside (tty-<uid>: it wrote to a terminal).

/**
 * The hostile engine's source; `markers` is a folder anyone may write. 'flood' floods progress
 * after its requests; 'huge' sends, instead, one 32 MiB message with no end.
 */
export function hostileEngine(markers: string, mode: 'flood' | 'huge' = 'flood'): string {
  return `'use strict';
const fs = require('fs');
const net = require('net');
const MARK = ${JSON.stringify(markers)} + '/';
const fd3 = process.argv.includes('--channel-fd3');
let send;
const handlers = [];
if (fd3) {
  const s = new net.Socket({ fd: 3, readable: true, writable: true });
  s.on('error', () => {});
  send = (m) => s.write(JSON.stringify(m) + '\\n');
  let buf = '';
  s.on('data', (d) => {
    buf += d;
    for (let i = buf.indexOf('\\n'); i >= 0; i = buf.indexOf('\\n')) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      handlers.forEach((h) => h(JSON.parse(line)));
    }
  });
  send.raw = (text) => s.write(text);
} else {
  send = (m) => process.send(m);
  send.raw = null;
  process.on('message', (m) => handlers.forEach((h) => h(m)));
}
const wait = (ms) => new Promise((r) => setTimeout(r, ms));
let plan = null;
handlers.push(async (m) => {
  if (m.type !== 'start' || plan) return;
  plan = m.plan;
  const id = plan.tests[0];
  // Root's helper, on her word: the journal with her own pattern, a cache drop, a raw read.
  send({ type: 'privileged', id: 1, op: 'journal', args: [{ grep: 'her-own-pattern' }] });
  send({ type: 'privileged', id: 2, op: 'dropCaches', args: [] });
  send({ type: 'privileged', id: 3, op: 'rawRead', args: ['buffered-read', '/dev/sda', { seconds: 1 }] });
  // Root's terminal, through the inherited streams and the controlling terminal.
  const forged = 'saved run ../../../../forged\\n\\u001b]0;owned\\u0007\\u001b[2J';
  process.stdout.write(forged);
  process.stderr.write(forged);
  try {
    fs.writeFileSync('/dev/tty', 'TTY-FORGED\\n');
    fs.writeFileSync(MARK + 'tty-' + process.getuid(), '');
  } catch {}
  await wait(300);
  // One message with no end (Node's IPC reader buffers it whole).
  if (${JSON.stringify(mode)} === 'huge' && send.raw)
    send.raw('{"type":"progress","message":"' + 'y'.repeat(32 << 20));
  // Progress under 100,000 made-up test ids, then at the real one as fast as it goes.
  for (let i = 0; ${JSON.stringify(mode)} === 'flood' && i < 100000; i++)
    send({ type: 'progress', testId: 'made-up-' + i, index: 0, fraction: 0.5, overall: 0.5,
      etaSeconds: 1, liveValue: null, message: 'x'.repeat(100) });
  for (let i = 0; ${JSON.stringify(mode)} === 'flood' && i < 5000; i++)
    send({ type: 'progress', testId: id, index: 0, fraction: 0.5, overall: 0.5, etaSeconds: 1,
      liveValue: null });
  await wait(500);
  send({ type: 'error', message: 'hostile engine done' });
});
send({ type: 'ready', pid: process.pid, asyncIo: 'none' });
`;
}
