// A short-lived process that does one work-folder step with the rights of the account that owns
// the folder (started by engine/host/file-ops.ts when root runs in another account's folder), answers
// once over the fork IPC channel and exits.
import { UserError } from '../core/errors';
import { runFileOp, type FileOp } from '../engine/host/file-ops';

process.once('message', (m: FileOp) => {
  runFileOp(m)
    .then((value) => ({ ok: true, value }))
    .catch((err: unknown) => ({
      ok: false,
      error: err instanceof Error ? err.message : String(err),
      user: err instanceof UserError,
    }))
    .then((answer) => process.send?.(answer, () => process.exit(0)));
});
