// The one door to Rust's types and errors. The types are generated from the Rust IPC surface
// (bindings.ts, by `make bindings`) and named for the UI in types.ts; errors.ts reads the
// `{code, message}` failures. Commands and events go through one facade per domain, beside this
// file (app, settings, secrets, projects, generation, preview), as the Rust commands are grouped.
export type {
  AssetCrop,
  BlockCounts,
  Breakpoint,
  DesignSystem,
  ElementSelection,
  ErrorCode,
  ExportFormat,
  ExportReport,
  FidelityWeights,
  FileEntry,
  GenerationRecorded,
  GenerationStarted,
  ImageOperation,
  ImageSize,
  ImportSummary,
  InputInfo,
  InputWidth,
  IpcError,
  KeyStatus,
  KeyTest,
  ModelOption,
  Page,
  PreviewShot,
  ScoreImages,
  ScreenshotWidth,
  ProjectFilesChanged,
  ProjectRoute,
  ProjectRoutes,
  Stack,
  StartedVariant,
  StoredEvent,
  StoredScore,
  StoredWidthScore,
  Theme,
  TrayImage,
  TrayWidths,
  UpdateChannel,
  UiImage,
  UiLogLevel,
  Unresolved,
  Usage,
  UsageSummary,
  VariantErrorCode,
  VariantOf,
  VariantScored,
  VariantStatus,
  Vendor,
  VendorInfo,
  VersionKind,
  VersionThumbnail,
  VersionThumbnailReady,
  Viewport,
} from "./bindings";
export * from "./types";
export * from "./errors";
export type { Result } from "./result";

// The vendors, their names, labels and default base URLs: one list, from Rust.
export { PROJECT_APP_FILES, SETTINGS_LIMITS, STACKS, VENDORS } from "./bindings";
