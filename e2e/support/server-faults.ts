/**
 * Playwright's global teardown: fails the run when the API had a server fault during it, whatever
 * the browser saw (a catalogue answer once reached every client as 200 while the API
 * logged ERR_HTTP_HEADERS_SENT and counted a 500). It runs while the API is still up, before
 * Playwright stops its web servers, and reads two things:
 * - the API's /metrics: every `vastra_http_requests_total` series with a 5xx status;
 * - the API's log (API_LOG, where playwright.config.ts sends its stdout): every line at error
 *   level or above;
 * - the storefront's stderr (WEB_LOG): every render error Next reports (`⨯ …`), such as a server
 *   component handing a handler to a client one, which a page's error boundary or the browser's
 *   own render can hide from the journey.
 * No journey means one today; one that does must be named in EXPECTED with its reason.
 */
import fs from 'node:fs';
import { API_LOG, API_URL, WEB_LOG } from './stack';

/** Faults a journey causes on purpose, as the text below names them (`500 POST /orders`, `error: …`). */
const EXPECTED: { fault: RegExp; why: string }[] = [];

/** The 5xx series of a /metrics text, each as `<status> <method> <route> (<count>×)`. */
export function fiveHundreds(metrics: string): string[] {
  const faults: string[] = [];
  for (const line of metrics.split('\n')) {
    const match = /^vastra_http_requests_total\{(.*)\} (\S+)$/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries([...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (/^5\d\d$/.test(labels.status ?? '') && Number(match[2]) > 0) {
      faults.push(`${labels.status} ${labels.method} ${labels.route} (${Number(match[2])}×)`);
    }
  }
  return faults;
}

/** The lines of a pino log at error level or above, each as `error: <msg>: <err.message>`. */
export function errorLines(log: string): string[] {
  const faults: string[] = [];
  for (const line of log.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      if ((entry.level ?? 0) < 50) continue;
      faults.push(
        [entry.level === 60 ? 'fatal' : 'error', entry.msg, entry.err?.message === entry.msg ? '' : entry.err?.message]
          .filter(Boolean)
          .join(': '),
      );
    } catch {
      // Not one of pino's lines (a stack printed by node itself): the error line before it counts.
    }
  }
  return faults;
}

/** The render errors in the storefront's stderr (Next marks each with ⨯), each as `storefront: <line>`. */
export function renderErrors(log: string): string[] {
  return log
    .split('\n')
    .filter((line) => line.trimStart().startsWith('⨯'))
    .map((line) => `storefront: ${line.trim()}`);
}

export default async function serverFaults(): Promise<void> {
  const res = await fetch(`${API_URL}/metrics`);
  if (!res.ok) throw new Error(`The API's /metrics answered ${res.status}: server faults cannot be checked`);
  const faults = [
    ...fiveHundreds(await res.text()),
    ...errorLines(fs.readFileSync(API_LOG, 'utf8')),
    ...(fs.existsSync(WEB_LOG) ? renderErrors(fs.readFileSync(WEB_LOG, 'utf8')) : []),
  ];
  const unexpected = faults.filter((fault) => !EXPECTED.some((e) => e.fault.test(fault)));
  if (unexpected.length > 0) {
    throw new Error(
      `The API or the storefront had server faults during the run (logs: ${API_LOG}, ${WEB_LOG}):\n${unexpected.map((f) => `  ${f}`).join('\n')}`,
    );
  }
}
