// `drivewise references | head -3`: head exits, the next write to stdout fails with EPIPE, and an
// unhandled 'error' event would print a stack trace. A closed reader is not an error of ours:
// further output to that stream is dropped and the command finishes with its own exit code.
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
