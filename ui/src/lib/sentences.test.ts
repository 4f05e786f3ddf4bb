import { describe, expect, it } from "vitest";
import { asSentence, namedFailure, plural, withoutOrigin } from "./sentences";

describe("sentences", () => {
  it("start with a capital letter", () => {
    expect(asSentence("could not reach Figma: timed out")).toBe("Could not reach Figma: timed out");
    expect(asSentence("“Logo” is a TEXT node")).toBe("“Logo” is a TEXT node");
    expect(asSentence("")).toBe("");
    expect(asSentence("gpt-5.4 needs an OpenAI key")).toBe("gpt-5.4 needs an OpenAI key");
    expect(asSentence("claude-sonnet-4-5 needs an Anthropic key")).toBe("claude-sonnet-4-5 needs an Anthropic key");
    expect(asSentence("openai: no key is stored")).toBe("openai: no key is stored");
  });

  it("name a file once", () => {
    expect(namedFailure("shot.png", "cannot read shot.png: permission denied")).toBe("Cannot read shot.png: permission denied");
    expect(namedFailure("shot.png", "the file is empty")).toBe("shot.png: the file is empty");
  });

  it("count without “1 files”", () => {
    expect(plural(1, "file")).toBe("1 file");
    expect(plural(3, "file")).toBe("3 files");
    expect(plural(2, "match", "matches")).toBe("2 matches");
  });
});

describe("vendor errors", () => {
  it("lose the provider and model the panel names already", () => {
    expect(withoutOrigin("openai gpt-5.4: the request was rejected (HTTP 400)", "openai", "gpt-5.4")).toBe("the request was rejected (HTTP 400)");
    expect(withoutOrigin("openai gpt-5.4: x", "anthropic", "claude")).toBe("openai gpt-5.4: x");
    expect(withoutOrigin("no key", null, null)).toBe("no key");
  });
});
