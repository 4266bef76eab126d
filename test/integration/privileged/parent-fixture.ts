// A stand-in for the app: gets admin rights (root: no prompt), prints the helper's pid, then idles
// until it is killed. Bundled by the parent-death test and run as its own process.
import { helperRuntime } from '../../../src/main/privileged/elevate';
import { defaultManagerDeps, PrivilegedManager } from '../../../src/main/privileged/manager';

const script = process.argv[2]!;
const m = new PrivilegedManager({
  ...defaultManagerDeps(false),
  runtime: () => helperRuntime({ electron: false, script }),
});
void m.request().then((st) => {
  const pid = (m.ops() as unknown as { helperPid: number } | null)?.helperPid ?? null;
  process.stdout.write(
    JSON.stringify({ state: st.state, reason: st.reason, helperPid: pid }) + '\n',
  );
  setInterval(() => undefined, 1000);
});
