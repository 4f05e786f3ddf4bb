import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { NO_REPLICATE_KEY } from "../../lib/imageGeneration";
import { GenerateOptions, type GenerateChoices } from "./GenerateOptions";

const choices: GenerateChoices = {
  stack: "html_tailwind",
  count: 1,
  models: ["auto"],
  designSystem: "",
  extractAssets: true,
  generateImages: true,
};

function renderOptions(blocked: string | null) {
  render(<GenerateOptions choices={choices} models={[]} designSystems={[]} imageGenerationBlocked={blocked} onChange={() => undefined} />);
  return screen.getByRole("checkbox", { name: "Generate images" });
}

describe("the generate form's image toggle", () => {
  afterEach(cleanup);

  it("is greyed out, off, and says why without a Replicate key", () => {
    const toggle = renderOptions(NO_REPLICATE_KEY);
    expect((toggle as HTMLInputElement).disabled).toBe(true);
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(toggle.getAttribute("aria-describedby")).toBe("gen-images-reason");
    expect(screen.getByText("Add a Replicate key in Settings → API keys")).toBeTruthy();
  });

  it("follows the choice when image generation can run", () => {
    const toggle = renderOptions(null);
    expect((toggle as HTMLInputElement).disabled).toBe(false);
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText(NO_REPLICATE_KEY)).toBeNull();
  });
});

describe("the generate form's stack picker", () => {
  afterEach(cleanup);

  it("offers the single-file stacks and the project stacks, by their names", () => {
    renderOptions(null);
    const options = Array.from(screen.getByLabelText("Stack").querySelectorAll("option"));
    const offered = options.map((o) => o.value);
    expect(offered).toContain("html_tailwind");
    expect(offered).toContain("react_tailwind");
    expect(offered).toContain("react_vite");
    expect(offered).toContain("react_vite_shadcn");
    expect(options.map((o) => o.textContent)).toContain("React + Vite (project)");
  });
});
