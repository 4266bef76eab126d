// Stored strings (run names, labels, drive models, imported text) reach a terminal in `runs`,
// `show`, `compare` and `import`. A string holding ESC, an OSC or a C1 control could retitle the
// window, hide lines, plant a link or, on some terminals, answer back as typed input; so every
// control character but newline and tab is shown as U+FFFD before text output is written.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** `text` with terminal control characters (C0 but \n and \t, DEL, C1, bidi overrides) replaced. */
export const terminalSafe = (text: string): string => text.replace(CONTROLS, '\ufffd');
