// Messages from the core read as sentences: a capital first letter, a thing named once.

/** "cannot read x" → "Cannot read x". */
export function asSentence(message: string): string {
  const text = message.trim();
  return text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}` : text;
}

/** A failure about `name`, naming it once: the core's messages often name the file already. */
export function namedFailure(name: string, message: string): string {
  return message.includes(name) ? asSentence(message) : `${name}: ${message}`;
}

/** "1 file", "3 files". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
