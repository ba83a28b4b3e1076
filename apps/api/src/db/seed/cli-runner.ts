/**
 * What the seed and import commands share: open the configured database (DATABASE_URL, else
 * the PGlite in DATA_DIR), migrate it, run one catalogue job with a progress bar on stderr
 * (plain lines when stderr is not a terminal), print its summary with the time taken, close.
 * Errors the shopper-owner can act on (a locked data dir, bad CSV rows) print their message;
 * any failure sets exit code 1.
 */
import cliProgress from 'cli-progress';
import { loadConfig, type Config } from '../../config';
import { DataDirLockedError, openDatabase, type Database } from '../client';

export type Progress = (done: number, total: number) => void;

export async function runCatalogJob(
  verb: string,
  job: (database: Database, onProgress: Progress, config: Config) => Promise<string>,
  explainedErrors: (abstract new (...args: never[]) => Error)[] = [],
): Promise<void> {
  const config = loadConfig();
  const started = performance.now();
  let database: Database | undefined;
  const bar = new cliProgress.SingleBar(
    {
      format: `${verb} |{bar}| {percentage}% | {value}/{total} products | {duration}s`,
      stream: process.stderr,
      noTTYOutput: true,
      notTTYSchedule: 2000,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await database.migrate();
    const summary = await job(database, (done, total) => (done === 0 ? bar.start(total, 0) : bar.update(done)), config);
    bar.stop();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(summary.replace('{seconds}', seconds));
  } catch (err) {
    bar.stop();
    const explained = [DataDirLockedError, ...explainedErrors].some((type) => err instanceof type);
    console.error(explained ? (err as Error).message : err);
    process.exitCode = 1;
  } finally {
    await database?.close();
  }
}
