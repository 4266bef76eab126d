// `drivewise references | head -3`: head exits, the next write to stdout fails with EPIPE, and an
// unhandled 'error' event would print a stack trace. A closed reader is not an error of ours:
// further output to that stream is dropped and the command finishes with its own exit code.
import { terminalSafe } from '../core/terminal-text';
import type { CliIo } from './types';

const closed = new WeakSet<NodeJS.WriteStream>();

/** Writes unless the reader of this stream has gone away. */
export function writeTo(stream: NodeJS.WriteStream, text: string): void {
  if (closed.has(stream) || stream.destroyed) return;
  stream.write(text);
}

/** Installs the EPIPE handling on stdout and stderr (once, in the CLI entry). */
export function guardStdio(streams: NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  for (const s of streams) {
    s.on('error', (err: NodeJS.ErrnoException) => {
      closed.add(s);
      // Anything but a closed pipe is still worth a line, on the other stream if it is open.
      if (err.code !== 'EPIPE' && s !== process.stderr && !closed.has(process.stderr))
        process.stderr.write(`drivewise: cannot write output: ${err.code ?? err.message}\n`);
    });
  }
}

/**
 * The CLI's output layer: every line any command prints, to stdout or stderr, through the one
 * sanitiser (core/terminal-text.ts), so no command (fleet, csv, drives, health, runs, an engine's
 * message) can put a control sequence on a terminal. `redraw` is the one place the CLI writes a
 * control sequence of its own: the progress line redrawn in place on a terminal.
 */
export function terminalIo(io: CliIo): CliIo {
  return {
    out: (s) => io.out(terminalSafe(s)),
    err: (s) => io.err(terminalSafe(s)),
    redraw: (line) =>
      io.redraw ? io.redraw(terminalSafe(line)) : io.err(`${terminalSafe(line)}\n`),
  };
}
