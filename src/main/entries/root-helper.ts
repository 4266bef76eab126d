// Entry of the privileged helper (dist/main/root-helper.js). Started as root by the app: directly
// when the app already runs as root, else through pkexec/kdesudo. Built-ins only (see protocol.ts).
import { parseHelperArgs, runHelper } from '../privileged/helper';

try {
  runHelper(parseHelperArgs(process.argv.slice(2)), { exit: (code) => process.exit(code) });
} catch (err) {
  process.stderr.write(
    `drivewise root helper: ${err instanceof Error ? err.message : String(err)}\n`,
  );
  process.exit(3);
}
