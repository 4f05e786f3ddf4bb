// First: WebKitGTK lacks requestIdleCallback, and the editor looks for it as it loads.
import "./lib/idleCallback";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { CaptureOverlay } from "./components/capture/CaptureOverlay";
import { askNativePreviewAvailable } from "./hooks/useNativePreview";
import "./styles.css";
import { applyTheme } from "./lib/theme";

// Follow the OS until the settings say otherwise, so the first frame is not the wrong colour.
applyTheme("system");

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
// The capture overlay (src-tauri/src/capture/overlay.rs) loads this page with `#capture`.
const overlay = window.location.hash === "#capture";
if (!overlay) askNativePreviewAvailable();
createRoot(root).render(<StrictMode>{overlay ? <CaptureOverlay /> : <App />}</StrictMode>);
