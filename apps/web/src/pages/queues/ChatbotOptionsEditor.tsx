import { CHATBOT_MAX_DEPTH, CHATBOT_OPTION_TYPES, type ChatbotOptionType } from "@inbox/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import SubdirectoryArrowRightIcon from "@mui/icons-material/SubdirectoryArrowRight";
import {
  Box,
  Button,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { useTranslation } from "react-i18next";
import {
  type FieldErrors,
  messageText,
  newOption,
  type OptionDraft,
  type OptionPath,
  optionField,
  removeOption,
  updateOption,
} from "./queue-form";

export interface Choice {
  id: number;
  name: string;
}

interface EditorProps {
  options: OptionDraft[];
  errors: FieldErrors;
  users: Choice[];
  queues: Choice[];
  fileLists: Choice[];
  integrations: Choice[];
  onChange: (options: OptionDraft[]) => void;
}

/**
 * The chatbot option tree of a queue (spec 2 sections 3 and 9): each option
 * has a name, the bot's message, a type with its target and close-ticket;
 * an option may hold options of the next level. Options are added at the
 * end of their level, so their order is the order the contact sees.
 */
export function ChatbotOptionsEditor({
  options,
  errors,
  users,
  queues,
  fileLists,
  integrations,
  onChange,
}: EditorProps) {
  const { t } = useTranslation();
  const treeError = messageText(errors.chatbots, "chatbots");
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle2" component="h3">
        {t("queues.modal.chatbot.title")}
      </Typography>
      {options.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t("queues.modal.chatbot.empty")}
        </Typography>
      )}
      <OptionList
        options={options}
        parentPath={[]}
        errors={errors}
        users={users}
        queues={queues}
        fileLists={fileLists}
        integrations={integrations}
        change={(path, fn) => onChange(updateOption(options, path, fn))}
        remove={(path) => onChange(removeOption(options, path))}
      />
      {treeError && (
        <Typography variant="caption" color="error" role="alert">
          {treeError}
        </Typography>
      )}
      <Box>
        <Button size="small" startIcon={<AddIcon />} onClick={() => onChange([...options, newOption()])}>
          {t("queues.modal.chatbot.add")}
        </Button>
      </Box>
    </Stack>
  );
}

interface ListProps {
  options: OptionDraft[];
  parentPath: OptionPath;
  errors: FieldErrors;
  users: Choice[];
  queues: Choice[];
  fileLists: Choice[];
  integrations: Choice[];
  change: (path: OptionPath, fn: (option: OptionDraft) => OptionDraft) => void;
  remove: (path: OptionPath) => void;
}

function OptionList({ options, parentPath, ...rest }: ListProps) {
  return (
    <>
      {options.map((option, index) => (
        <OptionEditor key={option.key} option={option} path={[...parentPath, index]} {...rest} />
      ))}
    </>
  );
}

interface OptionEditorProps extends Omit<ListProps, "options" | "parentPath"> {
  option: OptionDraft;
  path: OptionPath;
}

function OptionEditor({
  option,
  path,
  errors,
  users,
  queues,
  fileLists,
  integrations,
  change,
  remove,
}: OptionEditorProps) {
  const { t } = useTranslation();
  const label = path.map((index) => index + 1).join(".");
  const error = (field: string) => {
    const at = optionField(path, field);
    return messageText(errors[at], at);
  };
  const set = (patch: Partial<OptionDraft>) => change(path, (current) => ({ ...current, ...patch }));
  const canNest = path.length < CHATBOT_MAX_DEPTH;
  const childrenError = error("options");

  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label={t("queues.modal.chatbot.option", { label })}
      sx={{ p: 1.5, ml: path.length > 1 ? 2 : 0, borderLeftWidth: path.length > 1 ? 3 : 1 }}
    >
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 32 }}>
            {label}
          </Typography>
          <TextField
            label={t("queues.modal.chatbot.name")}
            value={option.name}
            required
            size="small"
            fullWidth
            onChange={(event) => set({ name: event.target.value })}
            error={Boolean(error("name"))}
            helperText={error("name")}
          />
          <Tooltip title={t("queues.modal.chatbot.remove")}>
            <IconButton
              aria-label={t("queues.modal.chatbot.removeLabel", { label })}
              onClick={() => remove(path)}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Tooltip>
        </Stack>
        <TextField
          label={t("queues.modal.chatbot.greetingMessage")}
          value={option.greetingMessage}
          size="small"
          multiline
          minRows={2}
          onChange={(event) => set({ greetingMessage: event.target.value })}
          error={Boolean(error("greetingMessage"))}
          helperText={error("greetingMessage")}
        />
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "center" } }}>
          <TextField
            select
            label={t("queues.modal.chatbot.queueType")}
            value={option.queueType}
            size="small"
            sx={{ minWidth: 160 }}
            onChange={(event) => set({ queueType: event.target.value as ChatbotOptionType })}
          >
            {CHATBOT_OPTION_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`queues.modal.chatbot.types.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          {option.queueType === "attendent" && (
            <TargetSelect
              label={t("queues.modal.chatbot.optUserId")}
              value={option.optUserId}
              choices={users}
              error={error("optUserId")}
              onChange={(optUserId) => set({ optUserId })}
            />
          )}
          {option.queueType === "queue" && (
            <TargetSelect
              label={t("queues.modal.chatbot.optQueueId")}
              value={option.optQueueId}
              choices={queues}
              error={error("optQueueId")}
              onChange={(optQueueId) => set({ optQueueId })}
            />
          )}
          {option.queueType === "file" && (
            <TargetSelect
              label={t("queues.modal.chatbot.optFileId")}
              value={option.optFileId}
              choices={fileLists}
              error={error("optFileId")}
              helper={fileLists.length === 0 ? t("queues.modal.noFileLists") : undefined}
              onChange={(optFileId) => set({ optFileId })}
            />
          )}
          {option.queueType === "integration" && (
            <TargetSelect
              label={t("queues.modal.chatbot.optIntegrationId")}
              value={option.optIntegrationId}
              choices={integrations}
              error={error("optIntegrationId")}
              helper={integrations.length === 0 ? t("queues.modal.noIntegrations") : undefined}
              onChange={(optIntegrationId) => set({ optIntegrationId })}
            />
          )}
          <FormControlLabel
            control={
              <Switch checked={option.closeTicket} onChange={(_, closeTicket) => set({ closeTicket })} />
            }
            label={t("queues.modal.chatbot.closeTicket")}
          />
        </Stack>
        {option.options.length > 0 && (
          <Stack spacing={1.5}>
            <OptionList
              options={option.options}
              parentPath={path}
              errors={errors}
              users={users}
              queues={queues}
              fileLists={fileLists}
              integrations={integrations}
              change={change}
              remove={remove}
            />
          </Stack>
        )}
        {childrenError && (
          <Typography variant="caption" color="error" role="alert">
            {childrenError}
          </Typography>
        )}
        {canNest && (
          <Box>
            <Button
              size="small"
              startIcon={<SubdirectoryArrowRightIcon />}
              aria-label={t("queues.modal.chatbot.addSubLabel", { label })}
              onClick={() => set({ options: [...option.options, newOption()] })}
            >
              {t("queues.modal.chatbot.addSub")}
            </Button>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}

interface TargetSelectProps {
  label: string;
  value: number | null;
  choices: Choice[];
  error?: string;
  helper?: string;
  onChange: (value: number | null) => void;
}

function TargetSelect({ label, value, choices, error, helper, onChange }: TargetSelectProps) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      label={label}
      value={value ?? ""}
      size="small"
      sx={{ minWidth: 200 }}
      disabled={choices.length === 0}
      onChange={(event) => onChange(event.target.value === "" ? null : Number(event.target.value))}
      error={Boolean(error)}
      helperText={error ?? helper}
    >
      <MenuItem value="">{t("common.none")}</MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
