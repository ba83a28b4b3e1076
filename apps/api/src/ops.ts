/**
 * `npm run ops -- <action> <order> [options]`: the store's steps of an order from a terminal
 * (behaviour.md §10, README "After the purchase", docs/admin.md). A client of the running
 * API's admin API (`/admin/api/*`) over HTTP (the embedded PGlite database cannot be opened by
 * a second process while the store runs): it finds the order by number or id and prints the
 * order number, status, shipment and timeline; a refused step prints the API's message and
 * exits 1, a wrong command line exits 2. Every step lands in the admin's audit log.
 *
 * API address: OPS_API_URL, else PUBLIC_URL, else http://127.0.0.1:${PORT:-9000}.
 * Token: OPERATOR_TOKEN (the operator token, which acts as an owner, or a staff member's
 * session token, with that member's role), else the operator token the API generated into
 * DATA_DIR (default ./data, relative to apps/api like the server).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ADMIN_API_PREFIX, ORDER_MESSAGES, type AdminOrderRow, type Order } from '@vastra/contracts';
import { operatorTokenFile } from './lib/operator-token';

const USAGE = `Usage: npm run ops -- <action> <order> [options]
  <order> is the order number (VST-001001) or its id.

Actions:
  show <order>                                  print the order, its shipment and timeline
  confirm <order>                               placed → confirmed (mails the shopper)
  pack <order>                                  confirmed → packed
  ship <order> --courier C --awb A [--tracking-url U] [--eta YYYY-MM-DD]
                                                packed → shipped (mails the tracking link)
  out-for-delivery <order>                      shipped → out for delivery
  deliver <order>                               → delivered (mails the shopper)
  cancel <order> --reason R                     cancel before shipping; refunds what was paid
  approve-return <order>                        approve the order's open return
  reject-return <order> --note N                reject it, with the reason shown to the shopper
  pickup-return <order>                         the courier picked the items up
  refund-return <order> [--note N]              refund the picked-up return
  refresh-refunds                               resubmit pending refunds, read their status
  help                                          this text

Options: --note N adds a note to any step's timeline entry.
Env: OPS_API_URL (else PUBLIC_URL, else http://127.0.0.1:$PORT), OPERATOR_TOKEN (the operator token or a staff
     session token; else DATA_DIR/secrets/operator-token).`;

const STEPS: Record<string, string> = {
  confirm: 'confirmed',
  pack: 'packed',
  ship: 'shipped',
  'out-for-delivery': 'out_for_delivery',
  deliver: 'delivered',
};
const RETURN_STEPS: Record<string, string> = {
  'approve-return': 'approve',
  'reject-return': 'reject',
  'pickup-return': 'pickup',
  'refund-return': 'refund',
};

class UsageError extends Error {}

/** An admin API call; `order` is resolved to the order's id first and `path` is under /orders/{id}. */
type Request = { method: 'GET' | 'POST'; path: string; order?: string; body?: object };

/** The HTTP call an action stands for; UsageError for a wrong command line. */
function requestFor(argv: string[]): Request | null {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      courier: { type: 'string' },
      awb: { type: 'string' },
      'tracking-url': { type: 'string' },
      eta: { type: 'string' },
      reason: { type: 'string' },
      note: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [action, ref] = positionals;
  if (!action || action === 'help' || values.help) return null;
  if (action === 'refresh-refunds') return { method: 'POST', path: '/refunds/refresh' };
  if (!ref) throw new UsageError(`${action}: which order? Give its number (VST-001001) or id.`);
  const order = ref;
  const note = values.note ? { note: values.note } : {};
  if (action === 'show') return { method: 'GET', order, path: '' };
  const step = STEPS[action];
  if (step) {
    if (step === 'shipped' && !(values.courier && values.awb)) throw new UsageError('ship needs --courier and --awb.');
    if (values.eta && !/^\d{4}-\d{2}-\d{2}$/.test(values.eta)) throw new UsageError('--eta must be YYYY-MM-DD.');
    return {
      method: 'POST',
      order,
      path: '/steps',
      body: {
        to: step,
        ...note,
        ...(step === 'shipped'
          ? {
              courier: values.courier,
              awb: values.awb,
              ...(values['tracking-url'] ? { trackingUrl: values['tracking-url'] } : {}),
              ...(values.eta ? { estimatedDelivery: values.eta } : {}),
            }
          : {}),
      },
    };
  }
  if (action === 'cancel') {
    if (!values.reason) throw new UsageError('cancel needs --reason.');
    return { method: 'POST', order, path: '/cancel', body: { reason: values.reason } };
  }
  const returnStep = RETURN_STEPS[action];
  if (returnStep) {
    if (returnStep === 'reject' && !values.note) throw new UsageError('reject-return needs --note.');
    return { method: 'POST', order, path: `/return/${returnStep}`, body: note };
  }
  throw new UsageError(`Unknown action "${action}".`);
}

/** The order as a few lines of text: number, status, payment, shipment, refunds, timeline. */
function describeOrder(order: Order): string {
  const lines = [
    `${order.orderNumber}  ${order.status}  (payment ${order.paymentStatus}, ${order.paymentGateway})  ${order.id}`,
  ];
  if (order.shipment) {
    const s = order.shipment;
    lines.push(
      `Shipment: ${s.courier} AWB ${s.awb}${s.trackingUrl ? ` ${s.trackingUrl}` : ''}${s.estimatedDelivery ? `, expected ${s.estimatedDelivery.slice(0, 10)}` : ''}`,
    );
  }
  if (order.cancelReason) lines.push(`Cancel reason: ${order.cancelReason}`);
  if (order.returnRequest) lines.push(`Return: ${order.returnRequest.status}`);
  for (const r of order.refunds) lines.push(`Refund: ₹${r.amount} ${r.method} ${r.status}`);
  lines.push('Timeline:');
  for (const e of order.timeline) lines.push(`  ${e.at}  ${e.status}  by ${e.actor}${e.note ? `: ${e.note}` : ''}`);
  return lines.join('\n');
}

/** Where the API is and the operator token, from the environment (see the module comment). */
function connection(env: NodeJS.ProcessEnv): { baseUrl: string; token: string } {
  const baseUrl = (env.OPS_API_URL ?? env.PUBLIC_URL ?? `http://127.0.0.1:${env.PORT ?? 9000}`).replace(/\/$/, '');
  if (env.OPERATOR_TOKEN) return { baseUrl, token: env.OPERATOR_TOKEN };
  const file = operatorTokenFile(path.resolve(env.DATA_DIR ?? './data'));
  try {
    return { baseUrl, token: fs.readFileSync(file, 'utf8').trim() };
  } catch {
    throw new UsageError(`No operator token: set OPERATOR_TOKEN or start the API once so it creates ${file}.`);
  }
}

type Target = { baseUrl: string; token: string };
type Answer = { message?: string; data?: { order?: Order; refunds?: number } & Partial<Order> };

/** The API refused the call (its message) or could not be reached. */
class Refused extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One admin API call with the token; the envelope, or Refused with the API's message. */
async function call(target: Target, method: Request['method'], apiPath: string, body?: object): Promise<Answer> {
  let res: Response;
  try {
    res = await fetch(`${target.baseUrl}${ADMIN_API_PREFIX}${apiPath}`, {
      method,
      headers: {
        authorization: `Bearer ${target.token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  } catch (err) {
    throw new Refused(
      `The API at ${target.baseUrl} cannot be reached (${(err as Error).message}). Is the store running?`,
    );
  }
  const answer = (await res.json().catch(() => ({}))) as Answer;
  if (!res.ok) throw new Refused(answer.message ?? `The API answered ${res.status}.`);
  return answer;
}

/** The order's id: an id as given; an order number through the order list's search. */
async function orderIdOf(target: Target, ref: string): Promise<string> {
  if (UUID.test(ref)) return ref;
  const found = (await call(target, 'GET', `/orders?q=${encodeURIComponent(ref)}&perPage=200`)) as {
    data?: { rows?: AdminOrderRow[] };
  };
  const row = found.data?.rows?.find((r) => r.orderNumber.toUpperCase() === ref.toUpperCase());
  if (!row) throw new Refused(ORDER_MESSAGES.notFound);
  return row.id;
}

/** Runs one command line; returns the exit code (0 done, 1 refused or unreachable, 2 wrong command line). */
async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  let request: Request | null;
  let target: Target;
  try {
    request = requestFor(argv);
    if (!request) {
      console.log(USAGE);
      return 0;
    }
    target = connection(env);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    console.error('Run "npm run ops -- help" for the actions.');
    return 2;
  }
  let answer: Answer;
  try {
    const apiPath = request.order ? `/orders/${await orderIdOf(target, request.order)}${request.path}` : request.path;
    answer = await call(target, request.method, apiPath, request.body);
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    console.error(err.message);
    return 1;
  }
  if (answer.message) console.log(answer.message);
  // Order steps answer the order itself; the detail and return steps answer { order, … }.
  const order = answer.data?.order ?? (answer.data?.orderNumber ? (answer.data as Order) : undefined);
  if (order) console.log(describeOrder(order));
  else if (answer.data?.refunds !== undefined) console.log(`Refunds checked: ${answer.data.refunds}`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2), process.env);
