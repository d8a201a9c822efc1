/**
 * An email that, when it must wrap, wraps after the @ rather than at any letter or hyphen: a
 * table column then needs only the longer half's width, not the whole address's.
 */
export function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf("@");
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
