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

/** A vendor's error without the "openai gpt-5.4: " the core puts in front (the panel it shows
 *  in names the option and its model already). */
export function withoutOrigin(message: string, provider: string | null, model: string | null): string {
  const prefix = provider && model ? `${provider} ${model}: ` : null;
  return prefix && message.startsWith(prefix) ? message.slice(prefix.length) : message;
}
