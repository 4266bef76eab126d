// Every byte the CLI writes to a terminal passes through this one sanitiser, at the output layer
// (cli/stdio.ts wraps the CLI's io: issue 37, class 5), whichever command printed it: run names,
// labels, drive models, imported text, fleet host names and notes, CSV cells, mount points named
// after a volume label. A string holding ESC, an OSC or a C1 control could retitle the window, hide
// lines, plant a link or, on some terminals, answer back as typed input; so every control
// character but newline, tab and a carriage return that ends a line (CSV's CRLF) is shown as
// U+FFFD, and so are the bidi overrides that reorder what is shown.
const CONTROLS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/g;

/** `text` with terminal control characters (C0 but \n, \t and CRLF's \r, DEL, C1, bidi) replaced. */
export const terminalSafe = (text: string): string => text.replace(CONTROLS, '\ufffd');
