// Preview URLs (src-tauri/src/preview/commands.rs): each carries a token minted for one variant.
import { commands } from "./bindings";
import type { ProjectRoutes, VariantOf } from "./bindings";
import type { Result } from "./result";

/** The preview URL of a stored variant (load it in `<iframe sandbox="allow-scripts">`). */
export function previewUrl(projectId: string, versionId: number, variantId: number): Promise<Result<string>> {
  return commands.previewUrl(projectId, versionId, variantId);
}

/** The routes (pages) a variant's project declares, running or stored; none for a single page. */
export function variantRoutes(variant: VariantOf): Promise<Result<ProjectRoutes>> {
  return commands.variantRoutes(variant);
}
