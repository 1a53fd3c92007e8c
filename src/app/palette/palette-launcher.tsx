// What the layout holds of the command palette: the header button and the Ctrl/Cmd+K listener.
// The palette itself is a lazy chunk, fetched when the page is idle (or on first open, or when the
// button is pointed at), so the catalog's first load does not carry it.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import './palette-launcher.css';

const loadPalette = () => import('./command-palette.tsx');
const CommandPalette = lazy(loadPalette);

/** Ctrl+K, or Cmd+K on a Mac (either opens it anywhere). */
export function isPaletteShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}

const onMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function PaletteLauncher() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  /**
   * Focus returns where it was (to this button when it was nowhere). After opening another page it
   * goes to that page's main content instead, as a followed link's would: the opener is gone.
   */
  const close = useCallback((how: { navigated?: boolean } = {}) => {
    setOpen(false);
    const previous = opener.current;
    const main = how.navigated ? document.getElementById('content') : null;
    const target = main ?? (previous?.isConnected && previous !== document.body ? previous : button.current);
    target?.focus();
  }, []);

  const show = useCallback((from: Element | null) => {
    opener.current = from instanceof HTMLElement ? from : null;
    setOpen(true);
  }, []);

  // The listener is added once; it reads whether the palette is open through a ref.
  const isOpen = useRef(open);
  useEffect(() => {
    isOpen.current = open;
  }, [open]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event) || event.repeat) return;
      event.preventDefault();
      // Ctrl+K again closes it, like Escape.
      if (isOpen.current) close();
      else show(document.activeElement);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [close, show]);

  // Fetched once the page is idle, so what is typed right after Ctrl+K reaches the palette's input.
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => void loadPalette(), 3_000);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(() => void loadPalette(), { timeout: 5_000 });
    return () => cancelIdleCallback(idle);
  }, []);

  const shortcut = onMac() ? '⌘' : 'Ctrl';
  return (
    <>
      <button
        ref={button}
        type="button"
        className="palette-launcher"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => show(button.current)}
        onPointerEnter={() => void loadPalette()}
        onFocus={() => void loadPalette()}
      >
        Search…{' '}
        <span>
          <kbd>{shortcut}</kbd> <kbd>K</kbd>
        </span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <CommandPalette onClose={close} />
        </Suspense>
      )}
    </>
  );
}
