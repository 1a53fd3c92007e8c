// Background threads (the demo's, the streamed masking's) yield the CPU to the server's thread,
// which answers /healthz and every other request. JavaScript, as the boot files that import it.

import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Lowers the calling thread's priority to `nice` (Linux: its own task id); elsewhere, or where not allowed, it stays as it is. */
export function lowerThisThreadPriority(nice) {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), nice);
  } catch {
    // No /proc, or not allowed: the default priority.
  }
}
