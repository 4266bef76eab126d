// Runs from the XDG autostart entry Drivewise writes when the person arms the login timing (the
// .deb and `npm start`: `env ELECTRON_RUN_AS_NODE=1 <binary> login-probe.js <records>`; the
// AppImage uses the app's own `--drivewise-login-probe` switch instead, see main.ts).
// Self-contained (node builtins only): the app copies this file into its config dir.
import { processStartNs, writeLoginProbeRecord } from '../tasks/login-probe-record';

const startedNs = processStartNs();
const out = process.argv[2];
if (out) writeLoginProbeRecord(out, startedNs);
