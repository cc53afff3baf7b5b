import type { FlowNodeType } from "@inbox/shared";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from "@mui/material";
import { type FormEvent, type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { DialogForm } from "../../../components/DialogForm";

/** What every node editor takes (spec 3 section 4: create and edit modes). */
export interface NodeDialogProps {
  mode: "create" | "edit";
  data: Record<string, unknown>;
  onSave(data: Record<string, unknown>): void;
  onClose(): void;
}

interface FrameProps {
  type: FlowNodeType;
  mode: "create" | "edit";
  onSubmit(): void;
  onClose(): void;
  busy?: boolean;
  children: ReactNode;
  maxWidth?: "xs" | "sm" | "md";
}

/** The editor dialogs' frame: 'Adicionar X' or 'Editar X', the form, Cancelar and Adicionar/Salvar. */
export function NodeDialogFrame({
  type,
  mode,
  onSubmit,
  onClose,
  busy,
  children,
  maxWidth = "sm",
}: FrameProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const typeName = t(`flowbuilder.types.${type}`);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth={maxWidth}>
      <DialogTitle id={titleId}>
        {t(mode === "create" ? "flowbuilder.addTitle" : "flowbuilder.editTitle", { type: typeName })}
      </DialogTitle>
      <DialogForm onSubmit={submit}>
        <DialogContent dividers>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("flowbuilder.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t(mode === "create" ? "flowbuilder.add" : "flowbuilder.update")}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
