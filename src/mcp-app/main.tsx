// The MCP App's entry: connects to the host over its bridge (the ext-apps App class, postMessage to
// the parent frame), and draws the tool's answer when the host hands it over (the call's arguments,
// then its result). The server says on the document's root which view this is (`data-view`) and
// where the app's pages are (`data-origin`, for the link).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, PostMessageTransport } from '@modelcontextprotocol/ext-apps';
import { allLookups } from '../lookups/registry.ts';
import '../results/results.css';
import './mcp-app.css';
import { AnswerApp, type AppView } from './answer-app.tsx';
import { readToolCall } from './tool-call.ts';

// The document is one file: there is no second file to start the map's workers from, so its
// clusters are built on this thread (the fallback the cluster and density clients have where
// workers do not exist).
Reflect.deleteProperty(globalThis, 'Worker');

const rootElement = document.documentElement;
const view: AppView = rootElement.dataset.view === 'map' ? 'map' : 'table';
const origin = rootElement.dataset.origin;
const root = createRoot(document.getElementById('root')!);
const app = new App({ name: 'Lookup Explorer', version: '0.1.0' }, {}, { autoResize: true });

let args: Record<string, unknown> | undefined;

function say(text: string) {
  root.render(
    <p className="mcp-app__message" role="status">
      {text}
    </p>,
  );
}

app.ontoolinput = (params) => {
  args = params.arguments;
};
app.ontoolresult = (result) => {
  if (result.isError) {
    const words = result.content?.find((part) => part.type === 'text');
    return say(words && 'text' in words ? words.text : 'The lookup failed.');
  }
  const read = readToolCall(allLookups, args, result.structuredContent);
  if (!read.ok) return say(read.message);
  root.render(
    <StrictMode>
      <AnswerApp answer={read.answer} view={view} origin={origin} onOpenLink={(url) => void app.openLink({ url })} />
    </StrictMode>,
  );
};
app.ontoolcancelled = () => say('The call was cancelled.');

say('Waiting for the answer…');
void app.connect(new PostMessageTransport(window.parent, window.parent));
