// The server's masking policy for the header's mask toggle, read from /lookup-config.json. Its own
// lazy chunk: the toggle paints at once and learns after the first paint whether the server
// forces masking (LOOKUP_MASK=always), without TanStack Query or the wire schema in the entry.
import { useEffect } from 'react';
import { useLookupConfig } from '../api/lookup-config-query.ts';
import { QueryScope } from './query-scope.tsx';

interface Props {
  /** Called with whether this server masks personal data for everyone. */
  onForced: (forced: boolean) => void;
}

function ReadPolicy({ onForced }: Props) {
  const forced = useLookupConfig().data?.mask === 'always';
  useEffect(() => onForced(forced), [forced, onForced]);
  return null;
}

export default function ServerMaskPolicy(props: Props) {
  return (
    <QueryScope>
      <ReadPolicy {...props} />
    </QueryScope>
  );
}
