import { describe, expect, it } from 'vitest';
import { movie } from '../../lookups/a-movie.ts';
import { chargingStations } from '../../lookups/b-charging-stations.ts';
import { profileDetails } from '../../lookups/r-profile-details.ts';
import { defaultKeyPlacement } from '../../lookups/wire.ts';
import { peopleLookup, peopleOperation } from '../testing/fixtures.ts';
import { describeUpstreamRequest } from './describe-request.ts';
import { curlSnippet, fetchSnippet, proxyCurlSnippet, pythonLiteral, pythonSnippet } from './snippets.ts';

/** Anything that could be a key other than the placeholder: key-named values or long opaque tokens. */
function keyLikeLeaks(text: string): string[] {
  const named = [...text.matchAll(/(api[_-]?key|x-api-key|apikey|access_key|token|authorization)["']?\s*[:=]\s*["']?([^"'&\s,}]+)/gi)]
    .map((match) => match[2]!)
    .filter((value) => value !== '<API_KEY>');
  const opaque = text.match(/\b[A-Za-z0-9_-]{32,}\b/g) ?? [];
  return [...named, ...opaque];
}

describe('upstream request and snippets', () => {
  const a = describeUpstreamRequest(
    movie,
    movie.operations[0],
    { movie_id: 550, language: 'en-US' },
    defaultKeyPlacement(movie.keyTransport),
  );

  it('writes the upstream URL as {base_url}/path?query with api_key=<API_KEY> for A', () => {
    expect(a.url).toBe('{base_url}/movie/550?language=en-US&api_key=<API_KEY>');
    expect(a.proxyUrl).toBe('/proxy/a/movie/550?language=en-US');
  });

  it('puts the key placeholder in every snippet and nothing else key-like', () => {
    for (const snippet of [curlSnippet(a), fetchSnippet(a), pythonSnippet(a)]) {
      expect(snippet).toContain('<API_KEY>');
      expect(keyLikeLeaks(snippet)).toEqual([]);
    }
    expect(pythonSnippet(a)).toContain('params={\n        "language": "en-US",\n        "api_key": "<API_KEY>",\n    },');
    expect(curlSnippet(a)).toContain("curl -sS -X GET '{base_url}/movie/550?language=en-US&api_key=<API_KEY>'");
  });

  it('sends the key as a header when the lookup says so', () => {
    const request = describeUpstreamRequest(
      peopleLookup,
      peopleOperation,
      { city: 'Bad Homburg', page: 2 },
      defaultKeyPlacement(peopleLookup.keyTransport),
    );
    expect(request.url).toBe('{base_url}/v1/people/Bad%20Homburg?page=2');
    expect(request.headers).toEqual([['X-Api-Key', '<API_KEY>']]);
    expect(curlSnippet(request)).toContain("-H 'X-Api-Key: <API_KEY>'");
    expect(fetchSnippet(request)).toContain('"X-Api-Key": "<API_KEY>"');
    for (const snippet of [curlSnippet(request), fetchSnippet(request), pythonSnippet(request)]) expect(keyLikeLeaks(snippet)).toEqual([]);
  });

  it("follows the server's placement over the definition: LOOKUP_B_KEY_HEADER=X-Api-Key makes it a header in every snippet", () => {
    const json = chargingStations.operations[0];
    const params = { prox: '52.52,13.405,5000', connectortype: ['29', '33'] };
    // B's definition sends the key as the query parameter api_key…
    expect(describeUpstreamRequest(chargingStations, json, params, defaultKeyPlacement(chargingStations.keyTransport)).url).toContain(
      'api_key=<API_KEY>',
    );
    // …the server's configuration moved it into a header.
    const request = describeUpstreamRequest(chargingStations, json, params, { in: 'header', name: 'X-Api-Key' });
    expect(request.url).toBe(`{base_url}${json.path}?prox=52.52%2C13.405%2C5000&connectortype=29%2C33`);
    expect(request.query).toEqual([
      ['prox', '52.52,13.405,5000'],
      ['connectortype', '29,33'],
    ]);
    expect(request.headers).toEqual([['X-Api-Key', '<API_KEY>']]);
    const curl = curlSnippet(request);
    const js = fetchSnippet(request);
    const python = pythonSnippet(request);
    expect(curl).toContain("-H 'X-Api-Key: <API_KEY>'");
    expect(js).toContain('"X-Api-Key": "<API_KEY>"');
    expect(python).toContain('headers={\n        "X-Api-Key": "<API_KEY>",\n    },');
    for (const snippet of [curl, js, python]) {
      expect(snippet).not.toMatch(/api_key/);
      expect(keyLikeLeaks(snippet)).toEqual([]);
    }
  });

  it('moves the key into the query under the configured name, replacing a declared parameter of that name', () => {
    const request = describeUpstreamRequest(
      movie,
      movie.operations[0],
      { movie_id: 550, language: 'en-US' },
      { in: 'query', name: 'language' },
    );
    expect(request.url).toBe('{base_url}/movie/550?language=<API_KEY>');
    expect(request.headers).toEqual([]);
  });

  it('encodes `;`, `#`, `&` and spaces inside values and keeps the proxy URL key-free', () => {
    const request = describeUpstreamRequest(
      movie,
      movie.operations[0],
      { movie_id: 550, language: 'en;api_key=evil#x&y z' },
      { in: 'query', name: 'api_key' },
    );
    expect(request.url).toBe('{base_url}/movie/550?language=en%3Bapi_key%3Devil%23x%26y%20z&api_key=<API_KEY>');
    expect(request.proxyUrl).toBe('/proxy/a/movie/550?language=en%3Bapi_key%3Devil%23x%26y%20z');
  });

  it('writes JSON bodies as Python literals', () => {
    expect(pythonLiteral({ on: true, off: false, none: null, list: [1, 'x'] })).toBe(
      '{\n    "on": True,\n    "off": False,\n    "none": None,\n    "list": [\n        1,\n        "x",\n    ],\n}',
    );
  });

  it("writes a ready-to-run curl against this server's proxy for a GET: absolute URL, no key, no placeholder", () => {
    const snippet = proxyCurlSnippet(a, 'http://localhost:4317/');
    expect(snippet).toBe("curl -sS -X GET 'http://localhost:4317/proxy/a/movie/550?language=en-US'");
    expect(snippet).not.toContain('<API_KEY>');
    expect(snippet).not.toContain('{base_url}');
    expect(snippet).not.toMatch(/api_key|Origin/);
    // Wherever the server sends the key upstream (here a header), the proxy call carries none.
    const b = describeUpstreamRequest(
      chargingStations,
      chargingStations.operations[0],
      { prox: '52.52,13.405,5000' },
      { in: 'header', name: 'X-Api-Key' },
    );
    expect(proxyCurlSnippet(b, 'https://explorer.example.org')).toBe(
      "curl -sS -X GET 'https://explorer.example.org/proxy/b/ev/stations.json?prox=52.52%2C13.405%2C5000'",
    );
  });

  it('asks the proxy for the unmasked answer when the page has masking switched off', () => {
    expect(proxyCurlSnippet(a, 'http://localhost:4317', { unmasked: true })).toBe(
      ["curl -sS -X GET 'http://localhost:4317/proxy/a/movie/550?language=en-US'", "  -H 'x-lookup-mask: off'"].join(' \\\n'),
    );
    expect(proxyCurlSnippet(a, 'http://localhost:4317', { unmasked: false })).not.toContain('mask');
  });

  it("sends R's POST to the proxy with its JSON body, its content type and this origin as Origin", () => {
    const operation = profileDetails.operations[0];
    const request = describeUpstreamRequest(
      profileDetails,
      operation,
      { profile_id: 'jane-doe-4a1b2c', contact_info: true },
      defaultKeyPlacement(profileDetails.keyTransport),
    );
    const snippet = proxyCurlSnippet(request, 'http://127.0.0.1:4317');
    expect(snippet).toBe(
      [
        "curl -sS -X POST 'http://127.0.0.1:4317/proxy/r/profile-details'",
        "  -H 'Content-Type: application/json'",
        "  -H 'Origin: http://127.0.0.1:4317'",
        `  --data '{"profile_id":"jane-doe-4a1b2c","contact_info":true}'`,
      ].join(' \\\n'),
    );
    expect(keyLikeLeaks(snippet)).toEqual([]);
  });

  it('quotes a body value holding a single quote so the shell passes it unchanged', () => {
    const operation = profileDetails.operations[0];
    const request = describeUpstreamRequest(
      profileDetails,
      operation,
      { profile_id: "o'neil" },
      defaultKeyPlacement(profileDetails.keyTransport),
    );
    expect(proxyCurlSnippet(request, 'http://h')).toContain(`--data '{"profile_id":"o'\\''neil"}'`);
  });
});
