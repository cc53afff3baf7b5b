import type { QueueIntegrationDto } from "@inbox/shared";
import {
  Alert,
  CircularProgress,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useWebhookIntegrations } from "../../../api/flows";
import { useDebouncedValue } from "../../../app/hooks/use-debounced-value";
import { NodeDialogFrame, type NodeDialogProps } from "./NodeDialogFrame";

/** The server searches names; a term that is the start of "webhook" (the type) lists them all. */
const serverTerm = (term: string) => ("webhook".startsWith(term.toLowerCase()) ? "" : term);

/**
 * Picks a webhook-type integration (spec 3 section 2: only those, searched by name or type);
 * saving without one gives 'Selecione uma integração'.
 */
export function IntegrationDialog({ mode, data, onSave, onClose }: NodeDialogProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const term = useDebouncedValue(search.trim(), 500);
  const integrations = useWebhookIntegrations(serverTerm(term));
  const [selected, setSelected] = useState<number | null>(
    typeof data.integrationId === "number" ? data.integrationId : null,
  );
  const [chosen, setChosen] = useState<QueueIntegrationDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = (integrations.data ?? []).filter(
    (item) =>
      !term || item.name.toLowerCase().includes(term.toLowerCase()) || item.type.includes(term.toLowerCase()),
  );
  const submit = () => {
    if (!selected) return setError(t("flowbuilder.errors.integration"));
    const picked = chosen ?? integrations.data?.find((item) => item.id === selected);
    onSave({
      ...data,
      integrationId: selected,
      name: picked?.name ?? data.name ?? t("flowbuilder.integration.defaultName"),
      type: picked?.type ?? data.type ?? "webhook",
      description: data.description ?? t("flowbuilder.integration.defaultDescription"),
      webhookUrl: picked ? picked.urlN8N : data.webhookUrl,
    });
  };
  return (
    <NodeDialogFrame type="integration" mode={mode} onSubmit={submit} onClose={onClose}>
      <Stack spacing={1}>
        <TextField
          label={t("flowbuilder.fields.searchIntegration")}
          size="small"
          autoFocus
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {integrations.isLoading && <CircularProgress size={24} sx={{ alignSelf: "center" }} />}
        {integrations.isError && <Alert severity="error">{t("flowbuilder.integration.loadError")}</Alert>}
        {integrations.isSuccess && list.length === 0 && (
          <Typography color="text.secondary">{t("flowbuilder.integration.none")}</Typography>
        )}
        <List
          dense
          aria-label={t("flowbuilder.fields.integration")}
          sx={{ maxHeight: 280, overflow: "auto" }}
        >
          {list.map((item) => (
            <ListItemButton
              key={item.id}
              selected={item.id === selected}
              onClick={() => {
                setSelected(item.id);
                setChosen(item);
                setError(null);
              }}
            >
              <ListItemText
                primary={item.name}
                secondary={`${item.type}${item.urlN8N ? ` · ${item.urlN8N}` : ""}`}
              />
            </ListItemButton>
          ))}
        </List>
        {error && (
          <Typography color="error" variant="caption" role="alert">
            {error}
          </Typography>
        )}
      </Stack>
    </NodeDialogFrame>
  );
}
