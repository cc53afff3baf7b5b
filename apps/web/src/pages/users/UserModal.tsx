import { Dialog, DialogTitle } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useConnectionOptions } from "../../api/connections";
import { useQueueOptions } from "../../api/queues";
import { useCreateUser, useUpdateUser, useUploadUserImage, useUser } from "../../api/users";
import { useAuth, useCurrentUser } from "../../app/auth/auth-context";
import { isAdmin } from "../../app/permissions";
import { errorMessage } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { EmptyState } from "../../components/EmptyState";
import { LoadingState } from "../../components/LoadingState";
import { UserForm } from "../../components/user-modal/UserForm";
import {
  toCreateBody,
  toFormValues,
  toRequestBody,
  type UserFormValues,
} from "../../components/user-modal/user-form-schema";

interface UserModalProps {
  open: boolean;
  /** null creates a new user. */
  userId: number | null;
  onClose: () => void;
}

/** Create or edit a user (also the "Perfil" entry of the avatar menu). */
export function UserModal({ open, userId, onClose }: UserModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const me = useCurrentUser();
  const { updateUser } = useAuth();
  const admin = isAdmin(me);
  const editing = userId !== null;
  const detail = useUser(open && editing ? userId : null);
  const queues = useQueueOptions(open && admin);
  const connections = useConnectionOptions(open && admin);
  const createUser = useCreateUser();
  const updateUserMutation = useUpdateUser();
  const uploadImage = useUploadUserImage();

  const handleSubmit = async (values: UserFormValues, image: File | null) => {
    let saved = editing
      ? await updateUserMutation.mutateAsync({ id: userId, body: toRequestBody(values, { admin }) })
      : await createUser.mutateAsync(toCreateBody(values));
    if (image) saved = (await uploadImage.mutateAsync({ id: saved.id, file: image })).user;
    if (saved.id === me.id) updateUser({ ...me, ...saved });
    toast.success(t("userModal.saved"));
    onClose();
  };

  const ready = !editing || detail.data !== undefined;
  const optionsReady = !admin || (!queues.isLoading && !connections.isLoading);

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth scroll="paper" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{editing ? t("userModal.titleEdit") : t("userModal.titleAdd")}</DialogTitle>
      {open && detail.isError ? (
        <EmptyState message={errorMessage(detail.error)} />
      ) : open && ready && optionsReady ? (
        <UserForm
          key={userId ?? "new"}
          editing={editing}
          admin={admin}
          initialValues={toFormValues(detail.data)}
          imageUrl={detail.data?.profileImage ?? null}
          queues={queues.data ?? []}
          connections={connections.data ?? []}
          onSubmit={handleSubmit}
          onCancel={onClose}
        />
      ) : (
        <LoadingState />
      )}
    </Dialog>
  );
}
