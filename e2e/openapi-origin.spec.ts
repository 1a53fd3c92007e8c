// D-07: the OpenAPI document names the origin it was fetched from, so an import into an API
// client calls this server's port, whatever port the test server runs on.
import { expect, test } from './fixtures.ts';

interface ServerObject {
  url: string;
  variables?: Record<string, { default: string }>;
}

test('/openapi.json points every path at the port and host it was fetched from', async ({ request, baseURL }) => {
  const own = new URL(baseURL!).origin;
  const answer = await request.get('/openapi.json');
  expect(answer.ok()).toBe(true);
  const doc = (await answer.json()) as { servers: ServerObject[]; paths: Record<string, { servers: ServerObject[] }> };
  const pathServers = Object.values(doc.paths).map((item) => item.servers[0]!);
  expect(pathServers.length).toBeGreaterThan(0);
  for (const server of [doc.servers[0]!, ...pathServers]) {
    expect(server.url.startsWith('{origin}/proxy')).toBe(true);
    expect(server.variables?.origin?.default).toBe(own);
  }
});
