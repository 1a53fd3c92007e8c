// The palette's actions: the header's switches (masking, theme), the workbench pages, "Sign out"
// when signed in to a team server, and what the page on screen offers (the lookup page's exports of its answer).
import type { ThemeChoice } from '../preferences.tsx';
import type { PageAction } from './page-actions.ts';
import type { PaletteItem } from './palette-match.ts';

/** Where the workbench's pages live (the History and Saved routes). */
export const HISTORY_PATH = '/history';
export const SAVED_PATH = '/saved';

interface ActionInputs {
  masked: boolean;
  /** The server masks for everyone (LOOKUP_MASK=always): the switch is not offered. */
  maskForced: boolean;
  setMasked: (masked: boolean) => void;
  theme: ThemeChoice;
  setTheme: (theme: ThemeChoice) => void;
  pageActions: readonly PageAction[];
  /** Signed in to a team server: ends the session (a form POST to /sign-out). */
  signOut?: () => void;
}

const THEMES: ReadonlyArray<{ theme: ThemeChoice; label: string }> = [
  { theme: 'light', label: 'Switch to the light theme' },
  { theme: 'dark', label: 'Switch to the dark theme' },
  { theme: 'system', label: 'Use the system theme' },
];

export function actionItems({ masked, maskForced, setMasked, theme, setTheme, pageActions, signOut }: ActionInputs): PaletteItem[] {
  const run = (perform: () => void) => ({ kind: 'run', run: perform }) as const;
  return [
    ...pageActions.map(
      (action): PaletteItem => ({
        id: `page-${action.id}`,
        group: 'actions',
        label: action.label,
        keywords: action.keywords ?? [],
        target: run(action.run),
      }),
    ),
    ...(maskForced
      ? []
      : [
          {
            id: 'action-masking',
            group: 'actions',
            label: masked ? 'Stop masking personal data' : 'Mask personal data',
            keywords: ['toggle masking', 'privacy', 'unmask'],
            target: run(() => setMasked(!masked)),
          } satisfies PaletteItem,
        ]),
    ...THEMES.filter((choice) => choice.theme !== theme).map(
      (choice): PaletteItem => ({
        id: `action-theme-${choice.theme}`,
        group: 'actions',
        label: choice.label,
        keywords: ['theme', 'appearance', 'colors', 'mode'],
        target: run(() => setTheme(choice.theme)),
      }),
    ),
    {
      id: 'action-history',
      group: 'actions',
      label: 'Open History',
      keywords: ['requests', 'sent', 'past'],
      target: { kind: 'navigate', to: HISTORY_PATH },
    },
    {
      id: 'action-saved',
      group: 'actions',
      label: 'Open Saved queries',
      keywords: ['collections', 'bookmarks'],
      target: { kind: 'navigate', to: SAVED_PATH },
    },
    ...(signOut
      ? [
          {
            id: 'action-sign-out',
            group: 'actions',
            label: 'Sign out',
            keywords: ['log out', 'logout', 'sign off', 'session', 'account'],
            target: run(signOut),
          } satisfies PaletteItem,
        ]
      : []),
  ];
}
