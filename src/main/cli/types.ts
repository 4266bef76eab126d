// The CLI's shared types, in a leaf module: every domain's cli.ts imports these, and cli/program.ts
// imports every domain's cli.ts, so they cannot live in program.ts without an import cycle.
import type { Command } from 'commander';
import type { Services } from '../core/services';

export interface CliIo {
  out: (s: string) => void;
  err: (s: string) => void;
}

/** Each domain adds its subcommands here; they get the same services the app uses. */
export type Register = (program: Command, services: Services, io: CliIo) => void;
