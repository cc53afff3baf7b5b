import PhotoCameraIcon from "@mui/icons-material/PhotoCamera";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from "@mui/material";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../app/toast/toast-store";

export type CameraProblem = "unsupported" | "denied" | "notFound" | "busy" | "failed";

/** Which message explains a getUserMedia failure. */
export function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError")
    return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError")
    return "notFound";
  if (name === "NotReadableError" || name === "TrackStartError" || name === "AbortError") return "busy";
  return "failed";
}

/** The frame on screen as a JPEG file. */
export function captureFrame(video: HTMLVideoElement, now = new Date()): Promise<File> {
  const canvas = document.createElement("canvas");
  canvas.width = video.videoWidth || 640;
  canvas.height = video.videoHeight || 480;
  const context = canvas.getContext("2d");
  if (!context) return Promise.reject(new Error("No 2D canvas"));
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => {
        if (!blob) {
          reject(new Error("Empty capture"));
          return;
        }
        const stamp = now.toISOString().replace(/\D/g, "").slice(0, 14);
        resolve(new File([blob], `foto-${stamp}.jpg`, { type: "image/jpeg" }));
      },
      "image/jpeg",
      0.92,
    );
  });
}

interface CameraDialogProps {
  /** The captured photo; the caller shows it in the attachments preview to caption and send. */
  onCapture: (file: File) => void;
  onClose: () => void;
}

/**
 * Camera capture (spec 1 section 2, dialogs): a live preview from
 * getUserMedia, and one frame taken as a JPEG. A browser without a camera
 * API, a refused permission or a missing camera each get a clear message.
 * The camera is released when the dialog closes.
 */
export function CameraDialog({ onCapture, onClose }: CameraDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [ready, setReady] = useState(false);
  const [capturing, setCapturing] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const media = typeof navigator === "undefined" ? undefined : navigator.mediaDevices;
    if (!media?.getUserMedia) {
      setProblem("unsupported");
      return;
    }
    media.getUserMedia({ video: { facingMode: "user" }, audio: false }).then(
      (opened) => {
        if (cancelled) {
          for (const track of opened.getTracks()) track.stop();
          return;
        }
        streamRef.current = opened;
        setStream(opened);
      },
      (error: unknown) => {
        if (!cancelled) setProblem(cameraProblem(error));
      },
    );
    return () => {
      cancelled = true;
      for (const track of streamRef.current?.getTracks() ?? []) track.stop();
      streamRef.current = null;
    };
  }, []);

  // The stream goes to the video once both exist.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !stream) return;
    video.srcObject = stream;
    const playing = video.play() as Promise<void> | undefined;
    playing?.catch(() => {
      // Autoplay refused: the controls-less preview still shows the first frame once data arrives.
    });
  }, [stream]);

  const capture = async () => {
    const video = videoRef.current;
    if (!video || capturing) return;
    setCapturing(true);
    try {
      const file = await captureFrame(video);
      onCapture(file);
    } catch {
      toast.error(t("ticketTools.camera.captureFailed"));
    } finally {
      setCapturing(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t("ticketTools.camera.title")}</DialogTitle>
      <DialogContent>
        {problem ? (
          <Alert severity="error" role="alert">
            {t(`ticketTools.camera.${problem}`)}
          </Alert>
        ) : (
          <Box sx={{ position: "relative", bgcolor: "common.black", borderRadius: 1, minHeight: 200 }}>
            {stream && (
              <Box
                component="video"
                ref={videoRef}
                aria-label={t("ticketTools.camera.preview")}
                autoPlay
                muted
                playsInline
                onLoadedMetadata={() => setReady(true)}
                onPlaying={() => setReady(true)}
                sx={{ display: "block", width: "100%", maxHeight: 400, borderRadius: 1 }}
              />
            )}
            {!ready && (
              <Stack
                role="status"
                alignItems="center"
                justifyContent="center"
                spacing={1}
                sx={{ position: "absolute", inset: 0, color: "common.white" }}
              >
                <CircularProgress color="inherit" size={28} />
                <Typography variant="body2">{t("ticketTools.camera.starting")}</Typography>
              </Stack>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button
          variant="contained"
          startIcon={capturing ? <CircularProgress size={16} color="inherit" /> : <PhotoCameraIcon />}
          onClick={() => void capture()}
          disabled={!ready || capturing || problem !== null}
        >
          {t("ticketTools.camera.capture")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
