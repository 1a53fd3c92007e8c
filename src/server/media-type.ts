// Content-Type tests shared by the proxy's response path and the demo worker (which masks JSON
// answers itself): small and dependency-free, so a worker thread loads nothing else for them.

/** Media types passed through as they came: JSON and XML, including `+json` and `+xml` types. */
const JSON_OR_XML = /^(application\/(json|xml|[a-z0-9!#$&^_.+-]+\+(json|xml))|text\/xml)$/;
const JSON_TYPE = /^application\/(json|[a-z0-9!#$&^_.+-]+\+json)$/;

/** `type/subtype` of a Content-Type value, lower-case, without parameters. */
export function mediaType(contentType: string): string {
  const semicolon = contentType.indexOf(';');
  return (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
}

export function isJsonOrXml(contentType: string | string[] | undefined): contentType is string {
  return typeof contentType === 'string' && JSON_OR_XML.test(mediaType(contentType));
}

/** Whether answers of this type are JSON, the ones a body transform (masking) applies to. */
export function isJsonType(contentType: string): boolean {
  return JSON_TYPE.test(mediaType(contentType));
}
