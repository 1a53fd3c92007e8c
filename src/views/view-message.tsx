// What a view says when the body lacks what it draws: the other tabs still show everything.
export function ViewMessage({ children }: { children: string }) {
  return (
    <p className="view-message" role="note">
      {children} The Table, Tree and Raw tabs show the body as received.
    </p>
  );
}
