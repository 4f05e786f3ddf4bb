// The names the UI uses for the data that crosses IPC. Specta generates two types for a Rust type
// whose JSON differs by direction: `X_Serialize` (what the core sends: every field present) and
// `X_Deserialize` (what the core accepts: fields with a default may be left out). Those names stay
// in this folder: values the UI reads are typed by the side the core sends, values it builds by
// the side the core reads.
import type {
  AgentEvent_Deserialize,
  AppInfo_Serialize,
  CapturedInput_Serialize,
  CaptureSupport_Serialize,
  CustomProvider_Deserialize,
  FidelityCheck_Deserialize,
  FidelityComponents_Deserialize,
  FidelityRegion_Deserialize,
  FileContent_Serialize,
  FileVisualEdits_Deserialize,
  GenerateRequest_Deserialize,
  GenerateSource_Deserialize,
  ImportedProject_Serialize,
  ProjectInfo_Serialize,
  RecentProject_Serialize,
  Settings_Deserialize,
  Settings_Serialize,
  SettingsView_Serialize,
  ToolDetail_Deserialize,
  UpdateInfo_Serialize,
  UpdateProgress_Deserialize,
  UpdateProgress_Serialize,
  UpdateStatus_Serialize,
  VariantInfo_Serialize,
  VersionInfo_Serialize,
  VersionTree_Serialize,
} from "./bindings";

export type AppInfo = AppInfo_Serialize;
/** A screenshot or recording made in the app, in its captures folder, to add like a dropped file. */
export type CapturedInput = CapturedInput_Serialize;
export type CaptureSupport = CaptureSupport_Serialize;
export type ProjectInfo = ProjectInfo_Serialize;
/** A project made by an import, with what the page pulled in from its folder and what it left. */
export type ImportedProject = ImportedProject_Serialize;
export type RecentProject = RecentProject_Serialize;
export type FileContent = FileContent_Serialize;
export type VersionTree = VersionTree_Serialize;
export type VersionInfo = VersionInfo_Serialize;
export type VariantInfo = VariantInfo_Serialize;
export type Settings = Settings_Serialize;
export type SettingsView = SettingsView_Serialize;
/** This build's version and commit, and whether it updates itself. */
export type UpdateStatus = UpdateStatus_Serialize;
/** A newer version the update feed offers. */
export type UpdateInfo = UpdateInfo_Serialize;
export type UpdateProgress = UpdateProgress_Serialize;
export type { InstallOutcome } from "./bindings";
/** What the progress channel hands over (the same shape, optional fields maybe left out). */
export type UpdateProgressMessage = UpdateProgress_Deserialize;

/** Settings as `settings_update` takes them. */
export type SettingsInput = Settings_Deserialize;
export type CustomProviderInput = CustomProvider_Deserialize;
export type GenerateRequest = GenerateRequest_Deserialize;
export type GenerateSource = GenerateSource_Deserialize;

// The generated `generation_start` types its event Channel by the accepting side, so the events
// the UI reads off it (and the tool details inside them) are typed that way too.
export type AgentEvent = AgentEvent_Deserialize;
export type ToolDetail = ToolDetail_Deserialize;
/** One check_fidelity run (the model's or the app's own), as its tool card and the trajectory read it. */
export type FidelityCheck = FidelityCheck_Deserialize;
export type FidelityComponents = FidelityComponents_Deserialize;
/** A place where the page differs from the screenshot, with what fixing it would gain. */
export type FidelityRegion = FidelityRegion_Deserialize;
/** A batch of visual edits of one file, made on the preview of its version `source_hash`. */
export type FileVisualEdits = FileVisualEdits_Deserialize;
export type { PixelBox, RegionKind, StyleProperty } from "./bindings";
