// Runs argon2id (hash-wasm, WebAssembly: no native build, same on every machine) off the main thread, so a burst
// of logins never stalls the event loop. Plain JavaScript so it loads the same under tsx, vitest and node.
import { randomBytes } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { argon2id, argon2Verify } from 'hash-wasm';

parentPort.on('message', async (msg) => {
  try {
    if (msg.op === 'hash') {
      const hash = await argon2id({
        password: msg.password,
        salt: randomBytes(16),
        iterations: msg.timeCost,
        memorySize: msg.memoryKiB,
        parallelism: 1,
        hashLength: 32,
        outputType: 'encoded',
      });
      parentPort.postMessage({ id: msg.id, ok: true, value: hash });
    } else {
      const ok = await argon2Verify({ password: msg.password, hash: msg.hash });
      parentPort.postMessage({ id: msg.id, ok: true, value: ok });
    }
  } catch (err) {
    parentPort.postMessage({ id: msg.id, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
});
