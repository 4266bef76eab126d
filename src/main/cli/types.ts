// The CLI's shared types, in a leaf module: every domain's cli.ts imports these, and the program
// (src/main/program.ts) imports every domain's cli.ts, so they cannot live there without a cycle.
import type { Command } from 'commander';
import type { Dispatch } from '../core/handler-types';
import type { Services } from '../core/services';

export interface CliIo {
  out: (s: string) => void;
  err: (s: string) => void;
  /** One status line redrawn in place on a terminal (the control sequence is the io's own). */
  redraw?: (line: string) => void;
}

/**
 * What only the program can build, handed down so no domain imports the router: a dispatcher
 * over every channel (the report's headless page asks report.data and app.info through it).
 */
export interface CliRoot {
  dispatchFor: (services: Services) => Dispatch;
}

/** Each domain adds its subcommands here; they get the same services the app uses. */
export type Register = (program: Command, services: Services, io: CliIo, root: CliRoot) => void;
