// The pictures behind a variant's score, loaded when something shows them (they are large).
import { useEffect, useState } from "react";
import type { ScoreImages } from "../ipc";
import { variantScoreImages } from "../ipc/generation";

export function useScoreImages(projectId: string, variantId: number | null, total: number | null): ScoreImages | null {
  const [images, setImages] = useState<{ key: string; images: ScoreImages } | null>(null);
  // A new score (another total) has other pictures.
  const key = `${projectId}/${String(variantId)}/${String(total)}`;
  useEffect(() => {
    if (variantId === null || total === null) return;
    let live = true;
    void variantScoreImages(projectId, variantId).then((r) => {
      if (live && r.status === "ok") setImages({ key, images: r.data });
    });
    return () => {
      live = false;
    };
  }, [projectId, variantId, total, key]);
  return images?.key === key ? images.images : null;
}
