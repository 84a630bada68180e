/**
 * An email address that, when it must wrap, wraps before its "@" rather than
 * mid-domain ("example.co / m"). Its container's `wrap-break-word` still
 * breaks a part longer than the line.
 */
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}
