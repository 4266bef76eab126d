// bench:fidelity's command line.
import { tmpdir } from 'node:os';
import { parseSize } from '../../src/shared/bench/catalogue';

export interface FidelityOptions {
  dir: string;
  sizeBytes: number;
  seconds: number;
  rounds: number;
  only: string[] | null;
  /** Both sides in huge pages (a labelled, non-default anchor). */
  hugePages: boolean;
  json: boolean;
  files1024: number;
  ddBytes: number;
}

export function parseArgs(argv: string[]): FidelityOptions {
  const o: FidelityOptions = {
    dir: tmpdir(),
    sizeBytes: parseSize('1G'),
    seconds: 2,
    rounds: 4,
    only: null,
    hugePages: false,
    json: false,
    files1024: 64,
    ddBytes: parseSize('256M'),
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const v = (): string => {
      const x = argv[++i];
      if (x === undefined) throw new Error(`${a} needs a value`);
      return x;
    };
    if (a === '--json') o.json = true;
    else if (a === '--dir') o.dir = v();
    else if (a === '--size') o.sizeBytes = parseSize(v());
    else if (a === '--seconds') o.seconds = Number(v());
    else if (a === '--rounds') o.rounds = Number(v());
    else if (a === '--files') o.files1024 = Number(v());
    else if (a === '--dd-size') o.ddBytes = parseSize(v());
    else if (a === '--only') o.only = v().split(',');
    else if (a === '--huge-pages') o.hugePages = true;
    else if (a === '--quick')
      Object.assign(o, { rounds: 1, seconds: 1, sizeBytes: parseSize('256M'), files1024: 1 });
    else
      throw new Error(
        `unknown option ${a} (options: --json --dir --size --seconds --rounds --files --dd-size --only --quick --huge-pages)`,
      );
  }
  if (!(o.rounds >= 1 && o.seconds > 0 && o.files1024 >= 1))
    throw new Error('rounds, seconds and files must be positive');
  return o;
}
