import { zodResolver } from "@hookform/resolvers/zod";
import { LIMITS } from "@inbox/shared";
import { Button, DialogActions, DialogContent, Divider, Stack, Typography } from "@mui/material";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { ConnectionOption } from "../../api/connections";
import type { QueueOption } from "../../api/queues";
import { toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import i18n from "../../i18n";
import { DialogForm } from "../DialogForm";
import { AvatarPicker } from "./AvatarPicker";
import { applyServerError } from "./server-errors";
import { UserAccessFields } from "./UserAccessFields";
import { UserIdentityFields } from "./UserIdentityFields";
import { UserPermissionFields } from "./UserPermissionFields";
import { UserPreferenceFields } from "./UserPreferenceFields";
import { type UserFormInput, type UserFormValues, userModalSchema } from "./user-form-schema";

interface UserFormProps {
  editing: boolean;
  /** Admins see and edit profile, queues, connection, hours and permissions. */
  admin: boolean;
  initialValues: UserFormInput;
  imageUrl: string | null;
  queues: QueueOption[];
  connections: ConnectionOption[];
  onSubmit: (values: UserFormValues, image: File | null) => Promise<void>;
  onCancel: () => void;
}

export function UserForm(props: UserFormProps) {
  const { editing, admin, initialValues, imageUrl, queues, connections, onSubmit, onCancel } = props;
  const { t } = useTranslation();
  const [image, setImage] = useState<File | null>(null);
  const resolver = useMemo(() => zodResolver(userModalSchema(editing)), [editing]);
  const {
    control,
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<UserFormInput, unknown, UserFormValues>({
    resolver,
    defaultValues: initialValues,
    mode: "onTouched",
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values, image);
    } catch (error) {
      if (!applyServerError(error, setError)) toastError(error);
    }
  });

  const pickImage = (file: File) => {
    if (file.size > LIMITS.profileImageMaxBytes) {
      toast.error(i18n.t("errors.ERR_FILE_TOO_LARGE"));
      return;
    }
    setImage(file);
  };

  return (
    <DialogForm onSubmit={submit}>
      <DialogContent dividers>
        <Stack spacing={3}>
          <AvatarPicker name={watch("name")} imageUrl={imageUrl} file={image} onFileChange={pickImage} />
          <UserIdentityFields register={register} errors={errors} editing={editing} />
          {admin && (
            <UserAccessFields
              control={control}
              register={register}
              errors={errors}
              queues={queues}
              connections={connections}
            />
          )}
          {admin && (
            <Stack spacing={1}>
              <Divider />
              <Typography variant="subtitle2" component="h3">
                {t("userModal.permissions")}
              </Typography>
              <UserPermissionFields control={control} />
            </Stack>
          )}
          <Stack spacing={2}>
            <Divider />
            <Typography variant="subtitle2" component="h3">
              {t("userModal.preferences")}
            </Typography>
            <UserPreferenceFields control={control} register={register} errors={errors} />
          </Stack>
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
