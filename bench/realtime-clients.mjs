// A worker thread of bench/realtime.bench.ts (plain JS: worker threads do not get the tsx loader): opens its share of the protocol clients, subscribes them to the
// channel and records each broadcast's delivery latency. The clock is the machine's monotonic clock
// (process.hrtime, CLOCK_MONOTONIC), the same in every thread and process, so the publisher's stamp and this
// thread's receipt time compare directly.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { url, count, channel } = workerData;
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
const latencies = [];
const sockets = [];
let dropped = 0;
let stopping = false;

function open() {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    sockets.push(ws);
    let ready = false;
    ws.on('message', (raw) => {
      const now = nowMs();
      const text = raw.toString();
      // Broadcast frames: only the stamp is needed, so no JSON parse of the frame on the hot path.
      const i = text.indexOf('\\"t\\":');
      if (ready && i >= 0) {
        latencies.push(now - Number.parseFloat(text.slice(i + 6)));
        return;
      }
      const msg = JSON.parse(text);
      if (msg.event === 'pusher:connection_established') {
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel } }));
      } else if (msg.event === 'pusher_internal:subscription_succeeded') {
        ready = true;
        resolve();
      }
    });
    ws.on('close', () => {
      if (ready && !stopping) dropped++;
    });
    ws.on('error', (e) => (ready ? undefined : reject(e)));
  });
}

for (let i = 0; i < count; i += 100) {
  await Promise.all(Array.from({ length: Math.min(100, count - i) }, () => open()));
}
parentPort.postMessage({ type: 'ready' });
parentPort.on('message', (m) => {
  if (m.type !== 'stop') return;
  stopping = true;
  const out = Float64Array.from(latencies);
  parentPort.postMessage({ type: 'done', latencies: out, dropped }, [out.buffer]);
  for (const ws of sockets) ws.terminate();
  setTimeout(() => process.exit(0), 100).unref();
});
