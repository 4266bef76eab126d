import { runCli } from '../program';
import { guardStdio } from '../cli/stdio';

guardStdio();
void runCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
