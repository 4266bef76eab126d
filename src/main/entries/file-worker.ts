// A short-lived process that does one work-folder step with the rights of the account that owns
// the folder (started by engine/host/file-ops.ts when root runs in another account's folder),
// answers once over the channel at fd 3 (core/line-channel.ts: the account can drive this process,
// so root reads its answer as bounded data) and exits.
import { UserError } from '../core/errors';
import { childChannel } from '../core/line-channel';
import { runFileOp, type FileOp } from '../engine/host/file-ops';

const channel = childChannel({ maxLine: 1 << 20, maxPerSecond: 100 });
let asked = false;
channel.onMessage((m) => {
  if (asked) return;
  asked = true;
  runFileOp(m as FileOp)
    .then((value) => ({ ok: true, value }))
    .catch((err: unknown) => ({
      ok: false,
      error: err instanceof Error ? err.message : String(err),
      user: err instanceof UserError,
    }))
    .then((answer) => channel.end(answer, () => process.exit(0)));
});
channel.onClose(() => {
  if (!asked) process.exit(0);
});
