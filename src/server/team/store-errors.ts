// The error every SharedStore call rejects with when the store cannot answer, kept apart from
// shared-store.ts so the implementations can throw it without importing the module that picks them.
/** What every store call rejects with when the store cannot answer (Redis down): callers fail closed. */
export class StoreUnavailableError extends Error {
  readonly code = 'store_unavailable';
  constructor(message = 'The shared store (Redis) is not reachable', options?: ErrorOptions) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

export function isStoreUnavailable(error: unknown): error is StoreUnavailableError {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'store_unavailable';
}
