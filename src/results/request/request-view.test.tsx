import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { movie } from '../../lookups/a-movie.ts';
import { makeResponse } from '../testing/fixtures.ts';
import { setupViewerTests } from '../testing/render-viewer.tsx';
import { RequestView } from './request-view.tsx';

setupViewerTests();

describe('RequestView', () => {
  const response = makeResponse({}, { url: '/proxy/a/movie/550?language=en-US', headers: [['x-lookup-source', 'demo'], ['content-type', 'application/json']] });

  it('shows the upstream request with the key placeholder, the proxy URL and the response headers', async () => {
    render(<RequestView lookup={movie} operation={movie.operations[0]} params={{ movie_id: 550, language: 'en-US' }} response={response} />);
    expect(screen.getByText('GET {base_url}/movie/550?language=en-US&api_key=<API_KEY>')).toBeInTheDocument();
    expect(screen.getByText('GET /proxy/a/movie/550?language=en-US')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByText('Response headers (2)'));
    expect(screen.getByText('x-lookup-source')).toBeVisible();
  });

  it('copies snippets that hold <API_KEY>', async () => {
    const user = userEvent.setup();
    render(<RequestView lookup={movie} operation={movie.operations[0]} params={{ movie_id: 550 }} response={undefined} />);
    for (const name of ['curl', 'JavaScript fetch', 'Python requests']) {
      expect(screen.getByLabelText(`${name} snippet`)).toHaveTextContent('<API_KEY>');
      await user.click(screen.getByRole('button', { name: `Copy ${name} snippet` }));
      expect(await navigator.clipboard.readText()).toContain('<API_KEY>');
    }
    expect(screen.getByText('GET /proxy/a/movie/550')).toBeInTheDocument();
  });
});
