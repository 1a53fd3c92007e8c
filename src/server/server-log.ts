// The server's one logger: pino, one JSON line per event, on one root with a child per part of the
// server (`part` in every line), so a deployment reads and filters one stream. The proxy's request
// line, warnings and failures all go here; the audit log (team/audit-log.ts) is a record of its own,
// with its own destination.
//
// Every line passes the key scrubber as pino's last step (its `streamWrite` hook, over the whole
// JSON text: message, error and stack, fields, bindings), so a configured key cannot reach a log
// whichever part wrote it or however it got into the line. The hosts give the keys and LOG_LEVEL
// once the configuration is read (configureServerLog); keys are only ever added.
//
// Lines go out through a batched destination (log-destination.ts): no write per line, whole lines
// per write. To stdout, except for the MCP stdio server, whose stdout is the protocol (logToStderr).
import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogLevel, ServerConfig } from './config.ts';
import { keyScrubber } from './key-scrubber.ts';
import { createBatchedDestination } from './log-destination.ts';

/** The parts of the server that log: each line names its part. */
export type LogPart = 'server' | 'proxy' | 'jobs' | 'watches' | 'team' | 'mcp' | 'demo' | 'mask';

export interface ServerLog {
  /** The part's child logger (one per part, made on first use). */
  part(name: LogPart): Logger;
  /** Sets the level of every part, and adds keys the scrubber removes from every line. */
  configure(settings: { level?: LogLevel | undefined; keys?: readonly string[] }): void;
  /** Writes what the destination holds. */
  flush(): void;
}

export function createServerLog({ destination, level = 'info' }: { destination: DestinationStream; level?: LogLevel }): ServerLog {
  const keys = new Set<string>();
  let scrubber = keyScrubber([]);
  const root = pino({ level, hooks: { streamWrite: (line) => scrubber.text(line) } }, destination);
  const parts = new Map<LogPart, Logger>();
  return {
    part(name) {
      let child = parts.get(name);
      if (!child) {
        child = root.child({ part: name });
        parts.set(name, child);
      }
      return child;
    },
    configure(settings) {
      // Children made without a level of their own follow the root's (pino children inherit from it).
      if (settings.level) root.level = settings.level;
      const added = (settings.keys ?? []).filter((key) => key && !keys.has(key));
      if (added.length === 0) return;
      for (const key of added) keys.add(key);
      scrubber = keyScrubber([...keys]);
    },
    flush: () => root.flush(),
  };
}

let output: NodeJS.WritableStream = process.stdout;

/** The process's server log. */
export const serverLog = createServerLog({ destination: createBatchedDestination((text) => output.write(text)) });

/** One part's logger, e.g. `partLog('proxy')`. */
export const partLog = (name: LogPart): Logger => serverLog.part(name);

/** The level and keys of a host's configuration (every host calls this once it has read it). */
export function configureServerLog(config: Pick<ServerConfig, 'lookups' | 'logLevel'>): void {
  serverLog.configure({
    level: config.logLevel,
    keys: Object.values(config.lookups).flatMap((mode) => (mode?.mode === 'live' ? [mode.key] : [])),
  });
}

/** For the MCP stdio server: its stdout is the protocol, so every line goes to stderr instead. */
export function logToStderr(): void {
  output = process.stderr;
}
