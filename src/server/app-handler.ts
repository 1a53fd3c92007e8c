// The lookup handler over the real registry, demo generators and OpenAPI document: what the
// production server and the Vite plugin mount.
import { buildOpenApiDocument } from '../lookups/openapi.ts';
import { allLookups } from '../lookups/registry.ts';
import { environmentWithDotEnv, parseServerConfig, type ServerConfig } from './config.ts';
import { demoGenerators } from '../demo/generators.ts';
import { createLookupHandler } from './lookup-handler.ts';
import type { RequestHandler } from './proxy-handler.ts';
import type { TeamProxy } from './team/team-proxy.ts';

/** Reads the configuration (environment and `.env`); throws ConfigError for a malformed setting. */
export function loadAppConfig(env = environmentWithDotEnv()): ServerConfig {
  return parseServerConfig(env, allLookups);
}

export function createAppHandler(config: ServerConfig, log?: (line: string) => void, team?: TeamProxy): RequestHandler {
  return createLookupHandler({
    lookups: allLookups,
    generators: demoGenerators,
    config,
    openApiDocument: () => buildOpenApiDocument(allLookups),
    ...(log && { log }),
    ...(team && { team }),
  });
}
