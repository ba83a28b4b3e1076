/**
 * Keeps webhooks off the store's own network (server-side request forgery, docs/admin.md
 * "Webhooks"): an endpoint's address must be https (http too outside production, for a
 * receiver on the developer's machine), carry no credentials, and its host must resolve only
 * to public addresses. The same check runs when the address is saved and again at each
 * delivery, inside the connection's own DNS lookup, so the socket connects to the very address
 * that was checked: a name that resolved public when saved and private later (DNS rebinding)
 * is refused then.
 */
import dns from 'node:dns';
import net from 'node:net';
import { WEBHOOK_MESSAGES } from '@vastra/contracts';
import { ValidationError } from '../../lib/errors';

/** Addresses no webhook may reach: loopback, private, link-local, CGNAT, unique-local, multicast, reserved. */
const REFUSED = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  REFUSED.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-compatible and NAT64 forms can carry a private IPv4 address.
  ['::', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  REFUSED.addSubnet(address, prefix, 'ipv6');
}
/**
 * IPv4-mapped IPv6 (`::ffff:a.b.c.d`), refused whatever the IPv4 inside. A list of its own:
 * BlockList compares every IPv4 address with an IPv6 rule in its mapped form, so this prefix
 * in REFUSED would refuse all of IPv4.
 */
const MAPPED = new net.BlockList();
MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');

/** True when `address` (an IP literal) is one no webhook may reach. */
export function isRefusedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return REFUSED.check(address, 'ipv4');
  if (family === 6) return MAPPED.check(address, 'ipv6') || REFUSED.check(address, 'ipv6');
  return true;
}

/** One answer of a DNS lookup. */
export type LookupAddress = { address: string; family: number };
/** Resolves a host name to all its addresses (dns.lookup with `all: true`); tests give their own. */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolve: ResolveHost = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

export type AddressGuardOptions = {
  /** http:// allowed besides https:// (outside production). */
  allowHttp: boolean;
  /** Private and local addresses allowed: only tests with a receiver on this machine set it. */
  allowPrivateHosts: boolean;
  resolve?: ResolveHost;
};

/** Thrown when an address may not be reached; its message is the admin's. */
export class RefusedAddressError extends ValidationError {}

/** The URL's host without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

export class AddressGuard {
  private readonly resolve: ResolveHost;

  constructor(private readonly options: AddressGuardOptions) {
    this.resolve = options.resolve ?? systemResolve;
  }

  /**
   * Checks an endpoint's address as saved: its form (scheme, no credentials) and every address
   * its host resolves to. Resolves with the URL as it will be stored (normalised); throws
   * RefusedAddressError (400) with the admin's message.
   */
  async check(raw: string): Promise<string> {
    const url = this.checkForm(raw);
    const host = hostOf(url);
    if (net.isIP(host)) {
      this.checkAddress(host);
      return url.toString();
    }
    let answers: LookupAddress[];
    try {
      answers = await this.resolve(host);
    } catch {
      throw new RefusedAddressError(WEBHOOK_MESSAGES.hostNotFound);
    }
    if (answers.length === 0) throw new RefusedAddressError(WEBHOOK_MESSAGES.hostNotFound);
    for (const { address } of answers) this.checkAddress(address);
    return url.toString();
  }

  /** Checks the form of a stored address again (the rules may have changed since); an IP literal host is checked too. */
  checkAtDelivery(raw: string): URL {
    const url = this.checkForm(raw);
    const host = hostOf(url);
    if (net.isIP(host)) this.checkAddress(host);
    return url;
  }

  /**
   * The `lookup` of a delivery's connection (net.connect): resolves the host and answers only
   * when every address is public, so the socket connects to a checked address and nothing else.
   */
  readonly lookup: net.LookupFunction = (hostname, options, callback) => {
    this.resolve(hostname).then(
      (answers) => {
        try {
          if (answers.length === 0) throw new RefusedAddressError(WEBHOOK_MESSAGES.hostNotFound);
          for (const { address } of answers) this.checkAddress(address);
        } catch (err) {
          callback(err as NodeJS.ErrnoException, '', 0);
          return;
        }
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = wanted ? answers.filter((a) => a.family === wanted) : answers;
        if (options.all) (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, usable);
        else callback(null, usable[0]?.address ?? '', usable[0]?.family ?? 0);
      },
      () => callback(new RefusedAddressError(WEBHOOK_MESSAGES.hostNotFound), '', 0),
    );
  };

  private checkForm(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new RefusedAddressError(WEBHOOK_MESSAGES.urlInvalid);
    }
    const httpOk = this.options.allowHttp && url.protocol === 'http:';
    if (url.protocol !== 'https:' && !httpOk) throw new RefusedAddressError(WEBHOOK_MESSAGES.httpsRequired);
    if (url.username || url.password) throw new RefusedAddressError(WEBHOOK_MESSAGES.credentialsInUrl);
    return url;
  }

  private checkAddress(address: string): void {
    if (!this.options.allowPrivateHosts && isRefusedAddress(address)) {
      throw new RefusedAddressError(WEBHOOK_MESSAGES.privateAddress);
    }
  }
}
