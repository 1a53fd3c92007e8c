// A real, tiny identity provider for tests of standard sign-in: an HTTP server on a free loopback
// port serving a discovery document and a JWKS, with keys from jose's generateKeyPair, and a way
// to sign access tokens with them. It counts its JWKS fetches, and a key can be made without
// publishing it yet (to sign with a key id the server has not seen). Its token endpoint gives any
// authorization code a token for the `resource` asked for, with `grantClaims`, as if the user had
// signed in (what an MCP client's sign-in ends with).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';

export interface IssuedToken {
  /** Claims besides the registered ones (sub, scope, preferred_username, …). */
  claims?: JWTPayload;
  /** `aud`; default: the audience the issuer was started for. */
  audience?: string | string[];
  /** Seconds from now: `exp` (default 300; negative: expired) and `nbf` (none by default). */
  expiresIn?: number;
  notBeforeIn?: number;
  /** The signing key's id (default: the first key). */
  kid?: string;
  /** `iss`; default: this issuer. */
  issuer?: string;
}

export interface TestIssuer {
  issuer: string;
  /** How many times the key set was fetched. */
  jwksFetches(): number;
  /** Discovery documents asked for, by path. */
  discoveryFetches(): string[];
  /** The forms POSTed to the token endpoint. */
  tokenRequests(): URLSearchParams[];
  /** A new key pair; published in the JWKS unless `publish` is false (then `publish(kid)` later). */
  addKey(options?: { publish?: boolean }): Promise<string>;
  publish(kid: string): void;
  sign(token?: IssuedToken): Promise<string>;
  close(): Promise<void>;
}

export interface TestIssuerOptions {
  audience: string;
  /** Which discovery document it serves (default RFC 8414's). */
  discovery?: 'oauth-authorization-server' | 'openid-configuration';
  /** The claims of tokens from the token endpoint. */
  grantClaims?: JWTPayload;
}

interface Key {
  privateKey: CryptoKey;
  publicJwk: JWK;
}

const ALG = 'ES256';

export async function startTestIssuer({
  audience,
  discovery = 'oauth-authorization-server',
  grantClaims = {},
}: TestIssuerOptions): Promise<TestIssuer> {
  const keys = new Map<string, Key>();
  const published = new Set<string>();
  const discoveryPaths: string[] = [];
  const tokenForms: URLSearchParams[] = [];
  let jwksFetches = 0;
  let issuer = '';

  const server: Server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/jwks') {
      jwksFetches += 1;
      return send(200, { keys: [...published].map((kid) => keys.get(kid)!.publicJwk) });
    }
    if (req.url === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        tokenForms.push(form);
        void sign({ claims: grantClaims, audience: form.get('resource') ?? audience }).then((token) =>
          send(200, { access_token: token, token_type: 'Bearer', expires_in: 300, scope: grantClaims.scope }),
        );
      });
      return;
    }
    if (req.url?.startsWith('/.well-known/')) discoveryPaths.push(req.url);
    if (req.url === `/.well-known/${discovery}`)
      return send(200, {
        issuer,
        jwks_uri: `${issuer}/jwks`,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
      });
    send(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function addKey({ publish = true }: { publish?: boolean } = {}): Promise<string> {
    const kid = `key-${keys.size + 1}`;
    const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
    keys.set(kid, { privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' } });
    if (publish) published.add(kid);
    return kid;
  }
  const first = await addKey();

  async function sign({
    claims = {},
    audience: aud = audience,
    expiresIn = 300,
    notBeforeIn,
    kid = first,
    issuer: iss = issuer,
  }: IssuedToken = {}): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: ALG, kid, typ: 'at+jwt' })
      .setIssuer(iss)
      .setAudience(aud)
      .setIssuedAt(now)
      .setExpirationTime(now + expiresIn);
    if (notBeforeIn !== undefined) jwt.setNotBefore(now + notBeforeIn);
    return jwt.sign(keys.get(kid)!.privateKey);
  }

  return {
    issuer,
    jwksFetches: () => jwksFetches,
    discoveryFetches: () => [...discoveryPaths],
    tokenRequests: () => [...tokenForms],
    addKey,
    publish: (kid) => void published.add(kid),
    sign,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
