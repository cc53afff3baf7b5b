import {
  FLOW_IMAGE_QUALITY,
  FLOW_UPLOAD_EXTENSIONS,
  FLOW_UPLOAD_LIMITS_MB,
  type FlowUploadKind,
} from "@inbox/shared";

/**
 * The editor's checks of a chosen file (spec 3 section 5: png/jpg/jpeg images up to 2 MB, ogg/mp3
 * (opus in content) audio up to 5 MB, mp4 video and pdf up to 20 MB) before anything is sent; the
 * server checks the bytes again.
 */

export const acceptOf = (kind: FlowUploadKind) =>
  FLOW_UPLOAD_EXTENSIONS[kind].map((ext) => `.${ext}`).join(",");

export type FileProblem = { key: "fileTooLarge"; limit: number } | { key: "fileType"; types: string };

export function fileProblem(file: File, kind: FlowUploadKind): FileProblem | null {
  const ext = file.name.split(".").pop()?.toLowerCase() ?? "";
  if (!FLOW_UPLOAD_EXTENSIONS[kind].includes(ext))
    return { key: "fileType", types: FLOW_UPLOAD_EXTENSIONS[kind].join(", ") };
  const limit = FLOW_UPLOAD_LIMITS_MB[kind];
  if (file.size > limit * 1024 * 1024) return { key: "fileTooLarge", limit };
  return null;
}

/**
 * The picture re-encoded as JPEG at quality 0.7 (spec 3 section 9) through a canvas; the original
 * when the browser cannot (no canvas, undecodable) or when it would come out larger.
 */
export async function compressImage(file: File): Promise<File> {
  try {
    const bitmap = await createImageBitmap(file);
    const canvas = document.createElement("canvas");
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext("2d");
    if (!context) return file;
    // JPEG has no transparency: a white background instead of black.
    context.fillStyle = "#fff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, "image/jpeg", FLOW_IMAGE_QUALITY),
    );
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], `${file.name.replace(/\.[^.]+$/, "")}.jpg`, { type: "image/jpeg" });
  } catch {
    return file;
  }
}

/** The upload kind a content item or media node takes. */
export const uploadKindOf = (kind: string): FlowUploadKind =>
  kind === "img" ? "image" : kind === "audio" ? "audio" : kind === "video" ? "video" : "pdf";
