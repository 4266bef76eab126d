import { runCli } from '../program';
import { guardStdio } from '../cli/stdio';
import { nativeAio } from '../core/native-aio';
import { rootEnvironment } from '../core/trusted-code';

guardStdio();
// As root, PATH and Node's code variables are cut to what no other account can change
// (core/trusted-code); the addon is loaded first, as it reads the folders' ACLs.
if (process.getuid?.() === 0) {
  nativeAio();
  rootEnvironment();
}
void runCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
