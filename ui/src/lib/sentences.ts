// Messages from the core read as sentences: a capital first letter, a thing named once.

/** Names that are spelled in lower case on purpose at the start of a message. */
const LOWER_CASE_NAMES = new Set(["openai", "anthropic", "gemini", "replicate", "ollama"]);

/** "cannot read x" → "Cannot read x"; a model id or a vendor's name ("gpt-5 needs…") stays. */
export function asSentence(message: string): string {
  const text = message.trim();
  const first = /^[^\s:]+/.exec(text)?.[0] ?? "";
  if (!/^[a-z]+$/.test(first) || LOWER_CASE_NAMES.has(first)) return text;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
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
