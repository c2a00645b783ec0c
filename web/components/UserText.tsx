/**
 * Text a person typed (a name, a title) inside a translated sentence. Lingui reads tags in the string
 * values of <Trans> (a name "Bea <b>Bold</b>" would show as "Bea Bold"); an element value is never read,
 * so it shows exactly as typed. <bdi> keeps right-to-left text from reordering the sentence around it.
 */
export function UserText({ children }: { children: string }) {
  return <bdi>{children}</bdi>;
}
