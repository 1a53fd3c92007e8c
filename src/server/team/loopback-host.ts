// Which addresses keep a server (or an identity provider) to this machine.
import { plainAddress } from './cidr.ts';

/** Whether binding `host` keeps the server to this machine (loopback addresses and localhost). */
export function isLoopbackHost(host: string): boolean {
  const address = plainAddress(
    host
      .trim()
      .toLowerCase()
      .replace(/^\[(.*)\]$/, '$1'),
  );
  return address === 'localhost' || address === '::1' || /^127(\.\d{1,3}){3}$/.test(address);
}
