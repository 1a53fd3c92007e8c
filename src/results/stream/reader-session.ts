// One big answer's reading, driven by the page's messages: the engine, fed by the chunks the page
// sends as they arrive. The worker runs one; where there are no workers (tests) the page runs one
// itself, behind the same messages.
import type { AnyOperation } from '../../lookups/define-lookup.ts';
import { concatBytes } from '../../api/bytes.ts';
import { StreamEngine } from './stream-engine.ts';
import type { FromReader, ToReader } from './stream-protocol.ts';

export type OperationLoader = (slug: string, operationId: string) => Promise<AnyOperation | undefined>;

export class ReaderSession {
  private engine: Promise<StreamEngine | undefined> | undefined;

  constructor(
    private readonly post: (message: FromReader) => void,
    private readonly loadOperation: OperationLoader,
    private readonly now: () => number = () => performance.now(),
  ) {}

  handle(message: ToReader): void {
    if (message.type === 'start') {
      this.engine = this.begin(message);
      return;
    }
    void this.engine?.then((engine) => {
      if (message.type === 'chunk') engine?.push(message.bytes);
      else if (message.type === 'end') engine?.end();
      else engine?.stop();
    });
  }

  private async begin(start: Extract<ToReader, { type: 'start' }>): Promise<StreamEngine | undefined> {
    const operation = await this.loadOperation(start.slug, start.operationId).catch(() => undefined);
    if (!operation) {
      this.post({ type: 'failed', message: `The definition of ${start.slug}/${start.operationId} could not be loaded` });
      return undefined;
    }
    const engine = new StreamEngine({ operation, progressive: start.progressive, totalBytes: start.totalBytes, now: this.now }, this.post);
    // The bytes the page read first, as one push: the progress counts them all from the start.
    if (start.head.length > 0) engine.push(concatBytes(start.head));
    return engine;
  }
}
