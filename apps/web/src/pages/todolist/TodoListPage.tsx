import AddIcon from "@mui/icons-material/Add";
import SaveIcon from "@mui/icons-material/Save";
import { Box, Button, Paper, TableContainer, TextField } from "@mui/material";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTimeShort } from "../../app/format-date";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmptyState } from "../../components/EmptyState";
import { PageHeader } from "../../components/PageHeader";
import { ResponsiveTable } from "../../components/ResponsiveTable";
import { RowActionButtons } from "../../components/RowActions";
import type { Task } from "./task-store";
import { useTasks } from "./use-tasks";

/**
 * /todolist (spec 3 section 2): personal tasks kept only in this browser (localStorage `tasks`).
 * One field adds a task, or saves the one being edited; blank text is ignored. Enter submits,
 * Escape leaves the edit; deleting asks first.
 */
export function TodoListPage() {
  const { t } = useTranslation();
  const { tasks, add, edit, remove } = useTasks();
  const [text, setText] = useState("");
  const [editing, setEditing] = useState<Task | null>(null);
  const [toDelete, setToDelete] = useState<Task | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const stopEditing = () => {
    setEditing(null);
    setText("");
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === "") return;
    if (editing) edit(editing.id, text);
    else add(text);
    stopEditing();
    input.current?.focus();
  };

  const startEditing = (task: Task) => {
    setEditing(task);
    setText(task.text);
    input.current?.focus();
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    remove(toDelete.id);
    if (editing?.id === toDelete.id) stopEditing();
    setToDelete(null);
  };

  return (
    <>
      <PageHeader title={t("todoList.title")} />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box
          component="form"
          onSubmit={submit}
          aria-label={t("todoList.formLabel")}
          sx={{ display: "flex", gap: 1, alignItems: "flex-start", flexWrap: "wrap" }}
        >
          <TextField
            inputRef={input}
            label={editing ? t("todoList.editTask") : t("todoList.newTask")}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Escape" && editing) stopEditing();
            }}
            size="small"
            sx={{ flexGrow: 1, minWidth: 220 }}
          />
          <Button
            type="submit"
            variant="contained"
            startIcon={editing ? <SaveIcon /> : <AddIcon />}
            disabled={text.trim() === ""}
          >
            {editing ? t("todoList.save") : t("todoList.add")}
          </Button>
          {editing && <Button onClick={stopEditing}>{t("common.cancel")}</Button>}
        </Box>
      </Paper>
      <Paper variant="outlined">
        {tasks.length === 0 ? (
          <EmptyState message={t("todoList.empty")} />
        ) : (
          <TableContainer>
            <ResponsiveTable
              label={t("todoList.title")}
              rows={tasks}
              rowKey={(task) => task.id}
              isSelected={(task) => editing?.id === task.id}
              columns={[
                {
                  key: "task",
                  header: t("todoList.columns.task"),
                  render: (task) => task.text,
                  cellSx: { whiteSpace: "pre-wrap", wordBreak: "break-word" },
                },
                {
                  key: "updatedAt",
                  header: t("todoList.columns.updatedAt"),
                  render: (task) => formatDateTimeShort(task.updatedAt),
                  cellSx: { whiteSpace: "nowrap" },
                },
              ]}
              actionsHeader={t("todoList.columns.actions")}
              actions={(task) => (
                <RowActionButtons
                  editLabel={t("todoList.editLabel", { text: task.text })}
                  deleteLabel={t("todoList.deleteLabel", { text: task.text })}
                  onEdit={() => startEditing(task)}
                  onDelete={() => setToDelete(task)}
                />
              )}
            />
          </TableContainer>
        )}
      </Paper>
      <ConfirmDialog
        open={toDelete !== null}
        title={t("todoList.deleteTitle")}
        message={t("todoList.deleteMessage", { text: toDelete?.text ?? "" })}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
