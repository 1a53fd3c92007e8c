// S's own view: one blockchain transaction, its status, block, fee and who sent what to whom.
import type { z } from 'zod';
import type { Salvaged } from '../lookups/answer.ts';
import { typedBody } from '../lookups/answer.ts';
import { transactionResponse } from '../lookups/s-transaction.ts';
import type { OwnViewProps } from '../results/slots.ts';
import { Fact } from './fact.tsx';
import { formatDateTime } from './format.ts';
import { ViewMessage } from './view-message.tsx';
import './views.css';

type Party = Salvaged<z.output<typeof transactionResponse>['data']['item']['senders'][number]>;

export default function TransactionView({ answer }: OwnViewProps) {
  const body = typedBody(answer, transactionResponse)?.body;
  const tx = body?.data?.item;
  if (!body || !tx?.transactionId) return <ViewMessage>This body has no transaction to show.</ViewMessage>;
  const { context, requestId, apiVersion } = body;
  const unit = tx.fee?.unit ?? '';
  const confirmed = tx.isConfirmed === true;

  return (
    <article className="view-card transaction-view" aria-labelledby="tx-heading">
      <header className="transaction-view__header">
        <h3 id="tx-heading">Transaction</h3>
        {tx.isConfirmed !== undefined && (
          <span className={`status-pill ${confirmed ? 'status-pill--ok' : 'status-pill--warn'}`}>
            {confirmed ? 'Confirmed' : 'Unconfirmed'}
          </span>
        )}
      </header>
      <dl className="fact-list fact-list--wide">
        <Fact name="Transaction id">
          <code className="hash">{tx.transactionId}</code>
        </Fact>
        {tx.transactionHash && tx.transactionHash !== tx.transactionId && (
          <Fact name="Hash">
            <code className="hash">{tx.transactionHash}</code>
          </Fact>
        )}
        {tx.minedInBlockHeight !== undefined && (
          <Fact name="Block">
            {tx.minedInBlockHeight.toLocaleString('en-US')}
            {tx.index !== undefined && <span className="muted"> · position {tx.index}</span>}
          </Fact>
        )}
        {tx.minedInBlockHash && (
          <Fact name="Block hash">
            <code className="hash">{tx.minedInBlockHash}</code>
          </Fact>
        )}
        {tx.timestamp !== undefined && <Fact name={confirmed ? 'Mined' : 'First seen'}>{formatDateTime(tx.timestamp * 1000)}</Fact>}
        {tx.fee && (
          <Fact name={confirmed ? 'Fee' : 'Maximum fee'}>
            {tx.fee.amount} {tx.fee.unit}
          </Fact>
        )}
      </dl>
      <section className="tx-flow" aria-label="Senders to recipients">
        <Parties title="Senders" parties={tx.senders ?? []} unit={unit} />
        <span className="tx-flow__arrow" aria-hidden="true">
          →
        </span>
        <Parties title="Recipients" parties={tx.recipients ?? []} unit={unit} />
      </section>
      <p className="muted view-footnote">
        {[context && `context ${context}`, requestId && `request ${requestId}`, apiVersion && `API version ${apiVersion}`]
          .filter(Boolean)
          .join(' · ')}
      </p>
    </article>
  );
}

function Parties({ title, parties: listed, unit }: { title: string; parties: ReadonlyArray<Party | undefined>; unit: string }) {
  const parties = listed.filter((entry): entry is Party => entry?.address !== undefined);
  return (
    <div className="tx-flow__side">
      <h4>
        {title} <span className="muted">({parties.length})</span>
      </h4>
      {parties.length === 0 ? (
        <p className="muted">None listed</p>
      ) : (
        <ul className="plain-list">
          {parties.map((entry, index) => (
            <li key={`${entry.address}-${index}`}>
              <code className="hash">{entry.address}</code>
              <span className="tx-flow__amount">
                {entry.amount} {unit}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
