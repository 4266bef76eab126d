import { runCli } from '../cli/program';

void runCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
