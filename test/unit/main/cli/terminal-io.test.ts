// The CLI's output layer (issue 37, class 5): one sanitiser for every write, whatever the command.
import { describe, expect, it } from 'vitest';
import { terminalIo } from '../../../../src/main/cli/stdio';
import { terminalSafe } from '../../../../src/main/core/terminal-text';

describe('terminalIo', () => {
  it('replaces control sequences in out, err and the redrawn line; keeps CRLF, tabs and newlines', () => {
    const got: string[] = [];
    const io = terminalIo({
      out: (s) => got.push(`out:${s}`),
      err: (s) => got.push(`err:${s}`),
      redraw: (s) => got.push(`redraw:${s}`),
    });
    io.out('a,b\r\nhost\u001b]0;owned\u0007\t1\n');
    io.err('x\u009b31m\u202ey\rz\n');
    io.redraw!('[ 50%] \u001b[2Jtest');
    expect(got).toEqual([
      'out:a,b\r\nhost\ufffd]0;owned\ufffd\t1\n',
      'err:x\ufffd31m\ufffdy\ufffdz\n',
      'redraw:[ 50%] \ufffd[2Jtest',
    ]);
  });

  it('an io without redraw gets the line as a line', () => {
    const got: string[] = [];
    terminalIo({ out: () => undefined, err: (s) => got.push(s) }).redraw!('a\u001bb');
    expect(got).toEqual(['a\ufffdb\n']);
    expect(terminalSafe('ok\r\n')).toBe('ok\r\n');
  });
});
