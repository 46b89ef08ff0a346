// Runs a wasm32-wasip1 module under Node's WASI (the cargo runner of
// scripts/test-wasm.sh and scripts/wasm-speed.sh): `node wasi-run.mjs module.wasm args...`.
// The whole file system is preopened (tests read tests/data by absolute path).
//
// Debian's wasi-libc predates the thread stubs that today's std links against, so the
// modules are linked with `--allow-undefined` and the pthread functions come from here:
// the attribute calls succeed without effect, starting, joining or detaching a thread
// fails (EAGAIN). With one test thread std never starts one. Any other undefined import
// fails at instantiation, naming it.
import { readFile } from 'node:fs/promises';
import { WASI } from 'node:wasi';
import process from 'node:process';

const [module, ...args] = process.argv.slice(2);
const wasi = new WASI({
  version: 'preview1', args: [module, ...args], env: process.env, preopens: { '/': '/' }, returnOnExit: true,
});
const EAGAIN = 6;
const env = {
  pthread_attr_init: () => 0, pthread_attr_setstacksize: () => 0, pthread_attr_destroy: () => 0,
  pthread_create: () => EAGAIN, pthread_join: () => EAGAIN, pthread_detach: () => EAGAIN,
};
const wasm = await WebAssembly.compile(await readFile(module));
const instance = await WebAssembly.instantiate(wasm, { ...wasi.getImportObject(), env });
process.exitCode = wasi.start(instance);
