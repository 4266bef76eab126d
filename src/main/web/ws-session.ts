// One WebSocket client of the browser-mode host: frames in, contract answers out. No frame can
// end the process: every parse is guarded, socket errors are handled (ws itself closes with 1007
// on invalid UTF-8 and 1009 over maxPayload), and dispatch failures become error answers.
import type { WebSocket } from 'ws';
import type { Dispatch } from '../core/handler-types';

const MALFORMED = 'malformed message';

/** Sends when the socket is open; a send that fails closes nothing else. */
export function safeSend(ws: WebSocket, data: string): void {
  if (ws.readyState !== ws.OPEN) return;
  try {
    ws.send(data, () => undefined);
  } catch {
    ws.terminate();
  }
}

interface Request {
  id: number;
  channel: string;
  payload: unknown;
}

/** A plain JSON object with a safe integer id and a short channel name, or null. */
export function parseFrame(
  data: Buffer | ArrayBuffer | Buffer[],
  isBinary: boolean,
): Request | null {
  if (isBinary) return null;
  const buf = Array.isArray(data)
    ? Buffer.concat(data)
    : Buffer.isBuffer(data)
      ? data
      : Buffer.from(data);
  let msg: unknown;
  try {
    msg = JSON.parse(buf.toString('utf8'));
  } catch {
    return null;
  }
  if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) return null;
  const { id, channel, payload } = msg as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return null;
  if (typeof channel !== 'string' || channel.length === 0 || channel.length > 100) return null;
  return { id, channel, payload };
}

export function attachSession(ws: WebSocket, dispatch: Dispatch): void {
  // Without a listener an 'error' event is thrown: this one line is what kept oversize and
  // invalid-UTF-8 frames from killing the host. ws closes the connection on its own.
  ws.on('error', () => undefined);
  ws.on('message', (data, isBinary) => {
    let req: Request | null = null;
    try {
      req = parseFrame(data, isBinary);
    } catch {
      req = null;
    }
    if (!req) {
      safeSend(ws, JSON.stringify({ id: null, result: { ok: false, error: MALFORMED } }));
      return;
    }
    const { id, channel, payload } = req;
    let answer: Promise<unknown>;
    try {
      answer = dispatch(channel, payload);
    } catch (err) {
      answer = Promise.reject(err);
    }
    answer
      .catch((err: unknown) => ({
        ok: false,
        error: `internal error: ${err instanceof Error ? err.message : String(err)}`.split('\n')[0],
      }))
      .then((result) => {
        let text: string;
        try {
          text = JSON.stringify({ id, result });
        } catch {
          text = JSON.stringify({ id, result: { ok: false, error: 'answer not serialisable' } });
        }
        safeSend(ws, text);
      })
      .catch(() => undefined);
  });
}
