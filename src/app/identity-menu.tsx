// The header's "who am I" on a team server (issue 35): the signed-in name as a button opening a
// small panel with the user's own budgets of live calls (lookup-config.json's `user` budgets, as
// the budget line reads them) and "Sign out" (a form POST to /sign-out: the session ends on every
// instance). A disclosure, not an ARIA menu: the button says aria-expanded, Tab moves through the
// panel, Escape closes it and puts focus back on the button, and so does a click elsewhere. A
// single-user server has no /me, so nothing is shown.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { catalogEntries } from 'virtual:lookup-catalog';
import { useIdentity } from '../api/identity-client.ts';
import { useLookupConfig } from '../api/lookup-config-query.ts';
import { SIGN_OUT_PATH } from '../api/sign-out.ts';
import { describeBudget } from './budget-line.tsx';
import './identity-menu.css';

/** The signed-in user's budgets, one line per lookup that has one; nothing when none does. */
function UserBudgets() {
  const { data, refetch } = useLookupConfig();
  // Each opening shows the budgets as they stand now: live calls since the page loaded spent from them.
  useEffect(() => void refetch(), [refetch]);
  const budgets = Object.entries(data?.lookups ?? {}).flatMap(([id, lookup]) =>
    lookup.budget?.user ? [{ id, state: lookup.budget.user }] : [],
  );
  if (budgets.length === 0) return null;
  const titleOf = (id: string) => catalogEntries.find((entry) => entry.id === id)?.title ?? id;
  return (
    <section aria-label="Your budgets of live calls">
      <h2 className="identity-heading">Your budgets</h2>
      <ul className="identity-budgets">
        {budgets.map(({ id, state }) => (
          <li key={id} className={state.left === 0 ? 'status-bad' : undefined}>
            {titleOf(id)}: {describeBudget(state)}
          </li>
        ))}
      </ul>
    </section>
  );
}

function SignedInMenu({ user }: { user: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div className="identity-menu" onKeyDown={closeOnEscape}>
      <button
        ref={button}
        type="button"
        className="identity-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Signed in as ${user}`}
        onClick={() => setOpen((shown) => !shown)}
      >
        {user}
      </button>
      <div ref={panel} id={panelId} className="identity-panel" hidden={!open}>
        <p>
          Signed in as <strong>{user}</strong>
        </p>
        {open && <UserBudgets />}
        <form method="post" action={SIGN_OUT_PATH}>
          <button type="submit">Sign out</button>
        </form>
      </div>
    </div>
  );
}

export function IdentityMenu() {
  const identity = useIdentity();
  return identity ? <SignedInMenu user={identity.user} /> : null;
}
