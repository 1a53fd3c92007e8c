import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

interface Props {
  /** Names the view in the fallback, e.g. "Table". */
  view: string;
  children: ReactNode;
}

/** One broken view shows a message in its own panel instead of blanking the page. */
export class TabErrorBoundary extends Component<Props, { error: Error | undefined }> {
  state = { error: undefined as Error | undefined };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`The ${this.props.view} view failed`, error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="view-failed">
        <p>
          <strong>The {this.props.view} view could not be shown.</strong> {error.message}
        </p>
        <p>The other tabs still work.</p>
        <button type="button" onClick={() => this.setState({ error: undefined })}>
          Try this view again
        </button>
      </div>
    );
  }
}
