// The Raw tab's boxes: a result scrolls the pretty text to the node's line (short text and
// virtualised text alike); masked bodies are queried as masked; XML points to the Tree tab.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFF_THREAD_FROM } from '../document/answer-document.ts';
import { closeAllDocuments } from '../document/shared-document.ts';
import { stubDocumentWorker } from '../document/testing/fake-document-worker.ts';
import { RawTab } from '../raw-tab.tsx';
import { makeResponse } from '../testing/fixtures.ts';
import { setupViewerTests } from '../testing/render-viewer.tsx';

setupViewerTests();
afterEach(() => {
  closeAllDocuments();
  vi.unstubAllGlobals();
});

async function query(expression: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('textbox', { name: 'JSONPath query' }));
  await user.paste(expression);
  await user.keyboard('{Enter}');
  return user;
}

describe('RawTab', () => {
  it('scrolls a short text to the line of the result picked', async () => {
    const body = {
      people: [
        { name: 'Ada', city: 'London' },
        { name: 'Grace', city: 'Arlington' },
      ],
    };
    render(<RawTab response={makeResponse(body)} body={makeResponse(body).body} masking={false} format="json" fileStem="people" />);
    expect(screen.getByLabelText('Raw body')).toHaveTextContent('"name": "Ada"');
    const user = await query('$.people[?(@.name == "Grace")].city');
    await user.click(await screen.findByRole('button', { name: '$.people[1].city "Arlington"' }));
    const target = await screen.findByText('"city": "Arlington"', { exact: false, selector: '.raw-line-target' });
    expect(target.textContent?.trimEnd()).toBe('      "city": "Arlington"');
    expect(screen.getByLabelText('Raw body')).toHaveFocus();
    // Copy keeps the text exactly: the line marks are not text.
    expect(screen.getByLabelText('Raw body').textContent).toBe(JSON.stringify(body, null, 2));
  });

  it('scrolls virtualised text to a line far below and marks it', async () => {
    const records = Array.from({ length: 3000 }, (_, index) => ({ id: index, code: `C-${index}` }));
    const response = makeResponse({ records });
    render(<RawTab response={response} body={response.body} masking={false} format="json" fileStem="records" />);
    expect(screen.getByText(/^12,004 lines/)).toBeInTheDocument();
    const user = await query("$.records[?(@.code == 'C-2950')].code");
    expect(document.querySelector('.raw-line-target')).toBeNull();
    await user.click(await screen.findByRole('button', { name: '$.records[2950].code "C-2950"' }));
    const target = await screen.findByText('"code": "C-2950"', { exact: false, selector: '.raw-line-target' });
    expect(target).toHaveAttribute('data-line', String(2 + 2950 * 4 + 2));
    expect(document.querySelectorAll('.raw-line').length).toBeLessThan(100);
  });

  it("takes a large body's text and line index from the document worker, and jumps by its lines", async () => {
    const made = stubDocumentWorker();
    const records = Array.from({ length: 20_000 }, (_, index) => ({ id: index, code: `C-${index}`, note: 'x'.repeat(30) }));
    const response = makeResponse({ records });
    expect(response.text.length).toBeGreaterThan(OFF_THREAD_FROM);
    render(<RawTab response={response} body={response.body} masking={false} format="json" fileStem="records" />);
    expect(screen.getByText('Laying out the text…')).toBeInTheDocument();
    expect(await screen.findByText(/^100,004 lines/)).toBeInTheDocument();
    // The answer's own text went to the worker, once; the page stringified nothing.
    expect(made).toHaveLength(1);
    expect(made[0]!.posted[0]).toEqual({ type: 'load', text: response.text });
    const user = await query('$.records[-1].code');
    await user.click(await screen.findByRole('button', { name: '$.records[19999].code "C-19999"' }));
    const target = await screen.findByText('"code": "C-19999",', { exact: false, selector: '.raw-line-target' });
    expect(target).toHaveAttribute('data-line', String(2 + 19_999 * 5 + 2));
  });

  it('queries the masked body when masking is on', async () => {
    const response = makeResponse({ people: [{ name: 'Ada Lovelace' }] });
    const masked = { people: [{ name: '••• masked' }] };
    render(<RawTab response={response} body={masked} masking format="json" fileStem="people" />);
    await query('$..name');
    expect(await screen.findByRole('button', { name: '$.people[0].name "••• masked"' })).toBeInTheDocument();
    expect(screen.queryByText(/Lovelace/)).not.toBeInTheDocument();
  });

  it('shows XML as received and points to the Tree tab for queries', () => {
    const response = makeResponse({ a: 1 }, { text: '<a>1</a>', contentType: 'application/xml' });
    render(<RawTab response={response} body={{ a: 1 }} masking={false} format="xml" fileStem="a" />);
    expect(screen.getByLabelText('Raw body')).toHaveTextContent('<a>1</a>');
    expect(screen.getByText('Query and Find search the parsed body: they are on the Tree tab.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'JSONPath query' })).not.toBeInTheDocument();
  });
});
