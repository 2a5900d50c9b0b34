// Worker of crash.bench.ts (plain JS: worker threads load it without the TypeScript loader): opens its share of the simulated players' websockets (Pusher protocol), subscribes
// them to `originals.crash`, and records each tick's receipt time. Raw frames are parsed only after the run.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { url, count } = workerData;
const sockets = [];
const received = [];
let measuring = false;
let dropped = 0;

const open = (i) =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    sockets.push(ws);
    let ready = false;
    ws.on('message', (raw) => {
      const now = Date.now();
      const text = raw.toString();
      if (text.includes('"crash.tick"')) {
        if (measuring) received.push(now, text);
        return;
      }
      const msg = JSON.parse(text);
      if (msg.event === 'pusher:connection_established')
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'originals.crash' } }));
      else if (msg.event === 'pusher_internal:subscription_succeeded') {
        ready = true;
        resolve();
      }
    });
    ws.on('close', () => {
      if (ready) dropped++;
    });
    ws.on('error', (e) => (ready ? undefined : reject(new Error(`client ${i}: ${e.message}`))));
  });

parentPort.on('message', async (cmd) => {
  if (cmd === 'connect') {
    for (let i = 0; i < count; i += 50)
      await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, k) => open(i + k)));
    parentPort.postMessage({ connected: sockets.length });
  } else if (cmd === 'start') measuring = true;
  else if (cmd === 'stop') {
    measuring = false;
    const latencies = [];
    for (let k = 0; k < received.length; k += 2) {
      const msg = JSON.parse(received[k + 1]);
      latencies.push(received[k] - Date.parse(JSON.parse(msg.data).server_time));
    }
    parentPort.postMessage({ latencies, dropped });
    for (const ws of sockets) ws.terminate();
  }
});
