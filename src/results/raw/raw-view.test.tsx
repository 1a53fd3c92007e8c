import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { captureDownloads, setupViewerTests } from '../testing/render-viewer.tsx';
import { RawView, VIRTUAL_LINES_FROM } from './raw-view.tsx';

setupViewerTests();

describe('RawView', () => {
  it('copies the whole text and downloads it', async () => {
    const user = userEvent.setup();
    const downloads = captureDownloads();
    const text = JSON.stringify({ a: 1, b: [true] }, null, 2);
    render(<RawView text={text} fileName="body.json" mimeType="application/json" />);
    expect(screen.getByLabelText('Raw body')).toHaveTextContent('"a": 1');
    await user.click(screen.getByRole('button', { name: 'Copy body' }));
    expect(await navigator.clipboard.readText()).toBe(text);
    expect(screen.getByText('Copied')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(downloads.files[0]!.name).toBe('body.json');
    expect(await downloads.files[0]!.blob.text()).toBe(text);
    downloads.restore();
  });

  it('keeps a 5 MB body to the visible lines, and still copies all of it', async () => {
    const user = userEvent.setup();
    const lines = Array.from({ length: 120_000 }, (_, index) => `  "line ${index}": "${'x'.repeat(30)}",`);
    const text = lines.join('\n');
    expect(text.length).toBeGreaterThan(5_000_000);
    expect(lines.length).toBeGreaterThan(VIRTUAL_LINES_FROM);
    render(<RawView text={text} fileName="big.json" mimeType="application/json" />);
    expect(screen.getByText(/^120,000 lines, 5\.\d\d MB$/)).toBeInTheDocument();
    expect(document.querySelectorAll('.raw-line').length).toBeLessThan(100);
    await user.click(screen.getByRole('button', { name: 'Copy body' }));
    expect((await navigator.clipboard.readText()).length).toBe(text.length);
  });
});
