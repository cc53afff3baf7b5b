import { contentItems, FLOW_INTERVAL_MAX_SECONDS, type FlowContentKind } from "@inbox/shared";
import { Button, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { flowsApi } from "../../../api/flows";
import { toastError } from "../../../app/toast/toast-error";
import { toast } from "../../../app/toast/toast-store";
import { compressImage } from "../upload";
import { type ContentDraft, ContentItemCard } from "./ContentItemCard";
import { NodeDialogFrame, type NodeDialogProps } from "./NodeDialogFrame";

const ADD: { kind: FlowContentKind; label: string }[] = [
  { kind: "message", label: "addText" },
  { kind: "interval", label: "addInterval" },
  { kind: "img", label: "addImage" },
  { kind: "audio", label: "addAudio" },
  { kind: "video", label: "addVideo" },
  { kind: "pdf", label: "addPdf" },
];

/** The first of the spec's messages the items break (spec 3 section 5), as a translation key. */
export function contentError(items: ContentDraft[]): string | null {
  if (items.length === 0) return "emptyContent";
  for (const item of items) {
    if (item.kind === "message" && !item.value.trim()) return "emptyMessage";
    if (item.kind === "interval") {
      const seconds = Number(item.value);
      if (!(seconds > 0) || seconds > FLOW_INTERVAL_MAX_SECONDS) return "contentInterval";
    }
    if (item.kind !== "message" && item.kind !== "interval" && !item.file && !item.value) return "emptyCards";
  }
  return null;
}

/** The next `number` of a kind: its name and one more than the highest counter used ("message3"). */
function nextNumber(items: ContentDraft[], kind: FlowContentKind): string {
  const used = items
    .filter((item) => item.kind === kind)
    .map((item) => Number(item.number.slice(kind.length)) || 0);
  return `${kind}${Math.max(0, ...used) + 1}`;
}

/**
 * The content card (singleBlock): texts, intervals and files in order. On save the new files go
 * up together (POST /flowbuilder/content, pictures compressed) and each item keeps its stored name.
 */
export function ContentDialog({ mode, data, onSave, onClose }: NodeDialogProps) {
  const { t } = useTranslation();
  const [items, setItems] = useState<ContentDraft[]>(() =>
    contentItems(data as Parameters<typeof contentItems>[0]).map((item) => ({ ...item })),
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const update = (index: number, item: ContentDraft) =>
    setItems((list) => list.map((old, i) => (i === index ? item : old)));
  const move = (index: number, step: -1 | 1) =>
    setItems((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      next.splice(index + step, 0, item as ContentDraft);
      return next;
    });

  const submit = async () => {
    const problem = contentError(items);
    if (problem) return setError(t(`flowbuilder.errors.${problem}` as "flowbuilder.errors.emptyMessage"));
    setError(null);
    setBusy(true);
    try {
      const pending = items.filter((item) => item.file);
      const files = await Promise.all(
        pending.map((item) => (item.kind === "img" ? compressImage(item.file as File) : (item.file as File))),
      );
      const names = files.length ? await flowsApi.uploadContent(files) : [];
      const stored = new Map(pending.map((item, i) => [item.number, names[i] ?? ""]));
      const elements = items.map(({ file, ...item }) => ({
        number: item.number,
        value: stored.get(item.number) ?? item.value,
        ...(file ? { original: file.name } : item.original ? { original: item.original } : {}),
        ...(item.kind === "audio" ? { record: Boolean(item.record) } : {}),
      }));
      toast.success(t("flowbuilder.toasts.content"));
      onSave({ ...data, seq: elements.map((e) => e.number), elements });
    } catch (failure) {
      toastError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <NodeDialogFrame
      type="singleBlock"
      mode={mode}
      onSubmit={() => void submit()}
      onClose={onClose}
      busy={busy}
      maxWidth="md"
    >
      <Stack spacing={1.5}>
        {items.length === 0 && (
          <Typography color="text.secondary">{t("flowbuilder.content.empty")}</Typography>
        )}
        {items.map((item, index) => (
          <ContentItemCard
            key={item.number}
            item={item}
            first={index === 0}
            last={index === items.length - 1}
            onChange={(next) => update(index, next)}
            onMove={(step) => move(index, step)}
            onRemove={() => setItems((list) => list.filter((_, i) => i !== index))}
            onProblem={setError}
          />
        ))}
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
          {ADD.map(({ kind, label }) => (
            <Button
              key={kind}
              variant="outlined"
              size="small"
              onClick={() =>
                setItems((list) => [...list, { number: nextNumber(list, kind), kind, value: "" }])
              }
            >
              {t(`flowbuilder.content.${label}` as "flowbuilder.content.addText")}
            </Button>
          ))}
        </Stack>
        {error && (
          <Typography color="error" variant="caption" role="alert">
            {error}
          </Typography>
        )}
      </Stack>
    </NodeDialogFrame>
  );
}
