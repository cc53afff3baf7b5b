import { zodResolver } from "@hookform/resolvers/zod";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import {
  Button,
  DialogActions,
  DialogContent,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { Controller, type UseFormSetError, useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/api-error";
import { useUserChoices } from "../../api/users";
import { errorMessage, toastError } from "../../app/toast/toast-error";
import { DialogForm } from "../../components/DialogForm";
import { muiRegister } from "../../components/mui-register";
import { SwitchField } from "../../components/SwitchField";
import {
  type ContactFormField,
  type ContactFormInput,
  type ContactFormValues,
  contactModalSchema,
} from "./contact-form";
import { formatTypedPhone, isTypedPhoneValid, usePhoneCountry } from "./phone-format";

interface ContactFormProps {
  initialValues: ContactFormInput;
  /** The signed-in user sees this contact's number masked (LGPD): the field is read-only. */
  numberHidden: boolean;
  /** Admins choose the wallet user; others see it read-only. */
  canSetWallet: boolean;
  onSubmit: (values: ContactFormValues) => Promise<void>;
  onCancel: () => void;
}

const resolver = zodResolver(contactModalSchema);

/** Name, number, e-mail, the bot switch and the extra info list of a contact. */
export function ContactForm({
  initialValues,
  numberHidden,
  canSetWallet,
  onSubmit,
  onCancel,
}: ContactFormProps) {
  const { t } = useTranslation();
  const users = useUserChoices(true);
  const phoneCountry = usePhoneCountry();
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormInput, unknown, ContactFormValues>({
    resolver,
    defaultValues: initialValues,
    mode: "onTouched",
  });
  const extraInfo = useFieldArray({ control, name: "extraInfo", keyName: "key" });

  const submit = handleSubmit(async (values) => {
    // The server's rule, before the round trip: a changed number must be a phone number (a group's id sent back is not changed).
    const typed = getValues("number");
    if (!numberHidden && typed !== initialValues.number && !isTypedPhoneValid(typed, phoneCountry)) {
      setError(
        "number",
        { type: "phone", message: t("errors.ERR_WAPP_INVALID_CONTACT") },
        { shouldFocus: true },
      );
      return;
    }
    try {
      await onSubmit(values);
    } catch (error) {
      if (!applyServerError(error, setError)) toastError(error);
    }
  });

  const numberField = register("number", {
    // The number shows formatted once typed (the company's country nationally); the server stores E.164 digits.
    onBlur: () => setValue("number", formatTypedPhone(getValues("number"), phoneCountry)),
  });

  return (
    <DialogForm onSubmit={submit}>
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField
            {...muiRegister(register("name"))}
            label={t("contacts.modal.fields.name")}
            autoComplete="off"
            autoFocus
            fullWidth
            required
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
          />
          <TextField
            {...muiRegister(numberField)}
            label={t("contacts.modal.fields.number")}
            placeholder={formatTypedPhone("5511987654321", phoneCountry)}
            autoComplete="off"
            inputMode="tel"
            fullWidth
            required
            disabled={numberHidden}
            error={Boolean(errors.number)}
            helperText={
              errors.number?.message ?? (numberHidden ? t("contacts.modal.numberHidden") : undefined)
            }
          />
          <TextField
            {...muiRegister(register("email"))}
            label={t("contacts.modal.fields.email")}
            type="email"
            autoComplete="off"
            fullWidth
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
          />
          <SwitchField control={control} name="disableBot" label={t("contacts.modal.fields.disableBot")} />
          <Controller
            control={control}
            name="walletUserId"
            render={({ field }) => (
              <TextField
                select
                label={t("contacts.modal.fields.walletUserId")}
                value={field.value === null || field.value === undefined ? "" : String(field.value)}
                onChange={(event) => field.onChange(event.target.value ? Number(event.target.value) : null)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                fullWidth
                disabled={!canSetWallet}
                error={Boolean(errors.walletUserId)}
                helperText={errors.walletUserId?.message ?? t("contacts.modal.walletHelp")}
              >
                <MenuItem value="">{t("contacts.modal.noWallet")}</MenuItem>
                {(users.data ?? []).map((user) => (
                  <MenuItem key={user.id} value={String(user.id)}>
                    {user.name}
                  </MenuItem>
                ))}
                {/* The stored owner stays shown while the list loads. */}
                {field.value && !users.data?.some((user) => user.id === field.value) ? (
                  <MenuItem value={String(field.value)}>{`#${field.value}`}</MenuItem>
                ) : null}
              </TextField>
            )}
          />
          <Typography variant="subtitle2" component="h3">
            {t("contacts.modal.extraInfo")}
          </Typography>
          {extraInfo.fields.map((field, index) => (
            <Stack key={field.key} direction="row" spacing={1} alignItems="flex-start">
              <TextField
                {...muiRegister(register(`extraInfo.${index}.name`))}
                label={t("contacts.modal.extraName")}
                size="small"
                fullWidth
                error={Boolean(errors.extraInfo?.[index]?.name)}
                helperText={errors.extraInfo?.[index]?.name?.message}
              />
              <TextField
                {...muiRegister(register(`extraInfo.${index}.value`))}
                label={t("contacts.modal.extraValue")}
                size="small"
                fullWidth
                error={Boolean(errors.extraInfo?.[index]?.value)}
                helperText={errors.extraInfo?.[index]?.value?.message}
              />
              <Tooltip title={t("common.delete")}>
                <IconButton
                  aria-label={t("contacts.modal.removeExtraInfo", { index: index + 1 })}
                  onClick={() => extraInfo.remove(index)}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
          ))}
          <Button
            startIcon={<AddIcon />}
            onClick={() => extraInfo.append({ name: "", value: "" })}
            sx={{ alignSelf: "flex-start" }}
          >
            {t("contacts.modal.addExtraInfo")}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={isSubmitting}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {t("common.save")}
        </Button>
      </DialogActions>
    </DialogForm>
  );
}

const FORM_FIELDS: readonly ContactFormField[] = ["name", "number", "email", "walletUserId"];

/** A duplicate number or a field's validation answer goes under its field; false means "toast it". */
function applyServerError(error: unknown, setError: UseFormSetError<ContactFormInput>): boolean {
  if (!isApiError(error)) return false;
  if (error.code === "ERR_DUPLICATED_CONTACT" || error.code === "ERR_WAPP_INVALID_CONTACT") {
    setError("number", { type: "server", message: errorMessage(error) }, { shouldFocus: true });
    return true;
  }
  // An owner deleted while the modal was open (400 ERR_NOT_FOUND on walletUserId).
  if (error.code !== "ERR_VALIDATION" && !(error.code === "ERR_NOT_FOUND" && error.field === "walletUserId"))
    return false;
  const issues = error.issues?.length ? error.issues : [{ field: error.field ?? "", message: error.message }];
  let applied = false;
  for (const issue of issues) {
    if (!FORM_FIELDS.includes(issue.field as ContactFormField)) continue;
    setError(
      issue.field as ContactFormField,
      { type: "server", message: issue.message },
      { shouldFocus: !applied },
    );
    applied = true;
  }
  return applied;
}
