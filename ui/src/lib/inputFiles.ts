// What a designer may drop on the start screen, and why anything else is refused.

export const MAX_SCREENSHOTS = 5;
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
const MAX_VIDEO_BYTES = 200 * 1024 * 1024;

const IMAGE_TYPES: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
};
const VIDEO_TYPES: Record<string, string> = {
  "video/mp4": "mp4",
  "video/webm": "webm",
  "video/quicktime": "mov",
};
const EXTENSION_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
};

export interface CandidateFile {
  name: string;
  size: number;
  /** MIME type as the OS reported it; may be empty, then the extension decides. */
  type: string;
}

export type InputSelection<F extends CandidateFile = CandidateFile> =
  | { kind: "screenshots"; files: F[] }
  | { kind: "video"; file: F }
  | { kind: "rejected"; reason: string };

function mimeOf(file: CandidateFile): string {
  if (file.type) return file.type;
  const ext = file.name.split(".").pop()?.toLowerCase() ?? "";
  return EXTENSION_TYPES[ext] ?? "";
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/** Decide what a set of dropped or picked files means, or say plainly why it can't be used. */
export function classifyInputFiles<F extends CandidateFile>(files: F[]): InputSelection<F> {
  if (files.length === 0) return { kind: "rejected", reason: "No files were given." };

  for (const file of files) {
    const mime = mimeOf(file);
    if (!(mime in IMAGE_TYPES) && !(mime in VIDEO_TYPES)) {
      return {
        kind: "rejected",
        reason: `“${file.name}” is not a PNG, JPEG or WebP screenshot, nor an MP4, WebM or MOV video.`,
      };
    }
  }

  const videos = files.filter((f) => mimeOf(f) in VIDEO_TYPES);
  if (videos.length > 0) {
    const [video] = videos;
    if (files.length > 1 || !video) {
      return { kind: "rejected", reason: "Drop one video on its own, or screenshots without a video." };
    }
    if (video.size > MAX_VIDEO_BYTES) {
      return {
        kind: "rejected",
        reason: `“${video.name}” is ${megabytes(video.size)}; videos can be at most ${megabytes(MAX_VIDEO_BYTES)}.`,
      };
    }
    return { kind: "video", file: video };
  }

  if (files.length > MAX_SCREENSHOTS) {
    return {
      kind: "rejected",
      reason: `${files.length} screenshots were given; at most ${MAX_SCREENSHOTS} can be used at once.`,
    };
  }
  const tooBig = files.find((f) => f.size > MAX_IMAGE_BYTES);
  if (tooBig) {
    return {
      kind: "rejected",
      reason: `“${tooBig.name}” is ${megabytes(tooBig.size)}; screenshots can be at most ${megabytes(MAX_IMAGE_BYTES)}.`,
    };
  }
  const empty = files.find((f) => f.size === 0);
  if (empty) return { kind: "rejected", reason: `“${empty.name}” is empty.` };
  return { kind: "screenshots", files };
}
