/** The initials shown instead of a missing photo: first and last word of the name, e.g. 'Ada Lovelace' → 'AL'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : words;
  return letters.map((word) => Array.from(word ?? '')[0]?.toUpperCase() ?? '').join('');
}
