import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { startMultiplayerEngines } from './modules/originals/multiplayer/runtime';
import { announceServer, withdrawServer } from './ops/local-server';
import { DataDirBusyError } from './platform/db/lock';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  const app = await buildApp(config);
  // Crash and Double rounds: leader jobs of the scheduler (one node per tenant and game drives them, the others stand
  // by); ORIGINALS_ENGINES=off keeps this node out of them.
  let stopEngines = async () => {};
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    withdrawServer(config);
    await stopEngines();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  let address: string;
  try {
    address = await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    // Close the database cleanly (and free the data directory) before dying on a taken port.
    await app.close();
    throw err;
  }
  announceServer(config, app);
  if (process.env.ORIGINALS_ENGINES !== 'off') stopEngines = await startMultiplayerEngines(app);
  app.log.info(`Sorte is serving on ${address} (database: ${app.db.kind})`);
}

main().catch((err) => {
  if (err instanceof DataDirBusyError) {
    // One line for the operator; EX_TEMPFAIL, as the directory frees when its holder stops.
    console.error(err.message);
    process.exit(75);
  }
  console.error(err);
  process.exit(1);
});
