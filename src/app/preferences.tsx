// User preferences kept in localStorage: theme (system, light, dark) and personal-data masking.
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

export type ThemeChoice = 'system' | 'light' | 'dark';

interface Preferences {
  theme: ThemeChoice;
  setTheme: (theme: ThemeChoice) => void;
  /**
   * Masking is on by default: people demoing must not show a stranger's personal data by accident.
   * The proxy masks; off, the fetcher asks it for unmasked data (`X-Lookup-Mask: off`), which a
   * server with LOOKUP_MASK=always refuses.
   */
  masked: boolean;
  setMasked: (masked: boolean) => void;
}

const PreferencesContext = createContext<Preferences | undefined>(undefined);

function stored<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  try {
    const value = window.localStorage.getItem(key);
    return allowed.includes(value as T) ? (value as T) : fallback;
  } catch {
    return fallback;
  }
}

function store(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode or disabled storage: the choice lasts for this page only.
  }
}

export function PreferencesProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<ThemeChoice>(() => stored('lx-theme', ['system', 'light', 'dark'], 'system'));
  const [masked, setMaskedState] = useState(() => stored('lx-masked', ['on', 'off'], 'on') === 'on');

  useEffect(() => {
    if (theme === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
  }, [theme]);

  const value = useMemo<Preferences>(
    () => ({
      theme,
      setTheme: (next) => {
        store('lx-theme', next);
        setThemeState(next);
      },
      masked,
      setMasked: (next) => {
        store('lx-masked', next ? 'on' : 'off');
        setMaskedState(next);
      },
    }),
    [theme, masked],
  );
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): Preferences {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error('usePreferences needs a PreferencesProvider');
  return value;
}
