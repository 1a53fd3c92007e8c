// The host side of an MCP App, as an assistant's client runs it, for e2e/mcp-apps.spec.ts: the ui://
// document in a sandboxed frame (scripts only, an opaque origin: no access to this page), and the
// ext-apps SDK's own host bridge (AppBridge over postMessage) handing it the tool call's arguments
// and result once the view has initialised. Links the view asks to open are recorded, not opened.
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

export interface HostedCall {
  html: string;
  args: Record<string, unknown>;
  result: { content: Array<{ type: 'text'; text: string }>; structuredContent?: Record<string, unknown>; isError?: boolean };
}

declare global {
  interface Window {
    hostApp: (call: HostedCall) => Promise<void>;
    openedLinks: string[];
    appInitialized: boolean;
  }
}

window.openedLinks = [];
window.appInitialized = false;
window.hostApp = async ({ html, args, result }) => {
  const frame = document.createElement('iframe');
  frame.title = 'Lookup Explorer app';
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.style.cssText = 'width: 100%; height: 900px; border: 1px solid #ccc';
  document.body.append(frame);
  const bridge = new AppBridge(null, { name: 'e2e host', version: '1.0.0' }, { openLinks: {} });
  bridge.oninitialized = () => {
    window.appInitialized = true;
    void bridge.sendToolInput({ arguments: args }).then(() => bridge.sendToolResult(result));
  };
  bridge.onopenlink = ({ url }) => {
    window.openedLinks.push(url);
    return Promise.resolve({});
  };
  // Listening before the document loads: the view's initialize request is its first message.
  await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
  frame.srcdoc = html;
};
