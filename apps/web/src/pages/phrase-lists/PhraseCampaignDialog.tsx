import { FLOW_CAMPAIGN_NAME_MAX, FLOW_CAMPAIGN_PHRASE_MAX, type FlowCampaignDto } from "@inbox/shared";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
} from "@mui/material";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ConnectionOption } from "../../api/connections";
import { useSaveFlowCampaign } from "../../api/flow-campaigns";
import { toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { DialogForm } from "../../components/DialogForm";
import { type IdOption, IdSelect } from "../../components/IdSelect";

interface PhraseCampaignDialogProps {
  /** The campaign being edited, or null for a new one. */
  campaign: FlowCampaignDto | null;
  flows: readonly IdOption[];
  connections: readonly ConnectionOption[];
  onClose: () => void;
}

type Field = "name" | "flowId" | "phrase";

/**
 * Adds or edits a phrase campaign (spec 3 section 2): trigger name, flow, connection (with its
 * status), phrase and a status switch. Name, flow and phrase must be non-empty (section 5); a
 * missing connection is flagged under its field but does not stop saving.
 */
export function PhraseCampaignDialog({ campaign, flows, connections, onClose }: PhraseCampaignDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveFlowCampaign();
  const [name, setName] = useState(campaign?.name ?? "");
  const [flowId, setFlowId] = useState<number | null>(campaign?.flowId ?? null);
  const [whatsappId, setWhatsappId] = useState<number | null>(campaign?.whatsappId ?? null);
  const [phrase, setPhrase] = useState(campaign?.phrase ?? "");
  const [status, setStatus] = useState(campaign?.status ?? true);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const connectionOptions = connections.map((c) => ({
    id: c.id,
    name: `${c.name} (${t(`connections.status.${c.status}`)})`,
  }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    const required = t("phraseLists.validation.required");
    if (!name.trim()) found.name = required;
    if (flowId === null) found.flowId = required;
    if (!phrase.trim()) found.phrase = required;
    setErrors(found);
    if (Object.keys(found).length > 0 || flowId === null) return;
    try {
      await save.mutateAsync({
        id: campaign?.id ?? null,
        body: { name: name.trim(), flowId, whatsappId, phrase: phrase.trim(), status },
      });
      toast.success(campaign ? t("phraseLists.updated") : t("phraseLists.created"));
      onClose();
    } catch (failure) {
      toastError(failure);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {campaign ? t("phraseLists.editTitle") : t("phraseLists.addTitle")}
      </DialogTitle>
      <DialogForm onSubmit={(event) => void submit(event)}>
        <DialogContent dividers>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t("phraseLists.fields.name")}
              required
              autoFocus
              fullWidth
              size="small"
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name}
              slotProps={{ htmlInput: { maxLength: FLOW_CAMPAIGN_NAME_MAX } }}
            />
            <IdSelect
              label={t("phraseLists.fields.flow")}
              required
              value={flowId}
              options={flows}
              onChange={setFlowId}
              error={Boolean(errors.flowId)}
              helperText={errors.flowId}
            />
            <IdSelect
              label={t("phraseLists.fields.connection")}
              value={whatsappId}
              options={connectionOptions}
              onChange={setWhatsappId}
              noneLabel={t("common.none")}
              error={whatsappId === null}
              helperText={whatsappId === null ? t("phraseLists.noConnection") : undefined}
            />
            <TextField
              label={t("phraseLists.fields.phrase")}
              required
              fullWidth
              multiline
              minRows={2}
              size="small"
              value={phrase}
              onChange={(event) => setPhrase(event.target.value)}
              error={Boolean(errors.phrase)}
              helperText={errors.phrase}
              slotProps={{ htmlInput: { maxLength: FLOW_CAMPAIGN_PHRASE_MAX } }}
            />
            <FormControlLabel
              label={status ? t("phraseLists.active") : t("phraseLists.inactive")}
              control={<Switch checked={status} onChange={(_event, checked) => setStatus(checked)} />}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t("common.save")}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
