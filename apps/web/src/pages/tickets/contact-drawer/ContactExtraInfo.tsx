import type { ContactDto } from "@inbox/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import { Button, IconButton, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { contactsApi, useContactMutation } from "../../../api/contacts";
import { toastError } from "../../../app/toast/toast-error";
import { toast } from "../../../app/toast/toast-store";

interface Row {
  key: number;
  id?: number;
  name: string;
  value: string;
}

/** The contact's extra info (name and value pairs): edited in place, saved as the whole list. */
export function ContactExtraInfo({ contact }: { contact: ContactDto }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[]>(() =>
    contact.extraInfo.map((info, key) => ({ key, id: info.id, name: info.name, value: info.value })),
  );
  const [nextKey, setNextKey] = useState(contact.extraInfo.length);
  const save = useContactMutation((extraInfo: Omit<Row, "key">[]) =>
    contactsApi.update(contact.id, { extraInfo }),
  );

  const edit = (key: number, field: "name" | "value", text: string) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, [field]: text } : row)));

  const submit = async () => {
    try {
      await save.mutateAsync(
        rows
          .filter((row) => row.name.trim())
          .map(({ id, name, value }) => ({ ...(id ? { id } : {}), name: name.trim(), value: value.trim() })),
      );
      toast.success(t("ticketView.drawer.extraInfoSaved"));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Stack spacing={1}>
      {rows.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t("ticketView.drawer.noExtraInfo")}
        </Typography>
      )}
      {rows.map((row) => (
        <Stack key={row.key} direction="row" spacing={0.5} alignItems="flex-start">
          <TextField
            size="small"
            label={t("ticketView.drawer.extraName")}
            value={row.name}
            onChange={(event) => edit(row.key, "name", event.target.value)}
          />
          <TextField
            size="small"
            label={t("ticketView.drawer.extraValue")}
            value={row.value}
            onChange={(event) => edit(row.key, "value", event.target.value)}
          />
          <IconButton
            size="small"
            aria-label={t("ticketView.drawer.removeExtraInfo", { name: row.name })}
            onClick={() => setRows((current) => current.filter((item) => item.key !== row.key))}
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Stack>
      ))}
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => {
            setRows((current) => [...current, { key: nextKey, name: "", value: "" }]);
            setNextKey(nextKey + 1);
          }}
        >
          {t("ticketView.drawer.addExtraInfo")}
        </Button>
        <Button size="small" variant="outlined" onClick={() => void submit()} disabled={save.isPending}>
          {t("ticketView.drawer.saveExtraInfo")}
        </Button>
      </Stack>
    </Stack>
  );
}
