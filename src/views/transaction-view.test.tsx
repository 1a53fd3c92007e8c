import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import TransactionView from './transaction-view.tsx';
import { transactionSample } from './testing/samples.ts';
import { transaction } from '../lookups/s-transaction.ts';
import { viewProps } from './testing/view-props.ts';

// Each test starts from an empty document (no global auto-cleanup in this setup).
afterEach(cleanup);

describe('TransactionView', () => {
  it('shows status, id, block, fee and the flow from senders to recipients', () => {
    render(<TransactionView {...viewProps(transactionSample, transaction)} />);
    expect(screen.getByText('Confirmed')).toBeInTheDocument();
    expect(screen.getByText(transactionSample.data.item.transactionId)).toBeInTheDocument();
    // Hash equals the id here, so it is not repeated.
    expect(screen.queryByText('Hash')).toBeNull();
    expect(screen.getByText('826,413')).toBeInTheDocument();
    expect(screen.getByText('0.0002 BTC')).toBeInTheDocument();
    const flow = screen.getByRole('region', { name: 'Senders to recipients' });
    expect(within(flow).getByRole('heading', { name: 'Senders (1)' })).toBeInTheDocument();
    expect(within(flow).getByRole('heading', { name: 'Recipients (2)' })).toBeInTheDocument();
    expect(within(flow).getByText('bc1qchange0002')).toBeInTheDocument();
    expect(within(flow).getByText('1.1 BTC')).toBeInTheDocument();
    expect(screen.getByText(/context yourExampleString/)).toBeInTheDocument();
  });

  it('marks an unconfirmed transaction and its fee as a maximum', () => {
    const item = { ...transactionSample.data.item, isConfirmed: false };
    render(<TransactionView {...viewProps({ ...transactionSample, data: { item } }, transaction)} />);
    expect(screen.getByText('Unconfirmed')).toBeInTheDocument();
    expect(screen.getByText('Maximum fee')).toBeInTheDocument();
    expect(screen.getByText('First seen')).toBeInTheDocument();
  });

  it('says so for an error body', () => {
    render(
      <TransactionView
        {...viewProps({ apiVersion: '2023-04-25', requestId: 'r', context: 'c', error: { code: 'not_found', message: 'x' } }, transaction)}
      />,
    );
    expect(screen.getByRole('note')).toHaveTextContent('no transaction');
  });
});
