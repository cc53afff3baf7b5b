import type { UserDto } from "@inbox/shared";
import PeopleOutlineIcon from "@mui/icons-material/PeopleOutline";
import { Alert, Avatar, Box, Chip, LinearProgress, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/EmptyState";
import { LoadingState } from "../../components/LoadingState";
import { type ResponsiveColumn, ResponsiveTable } from "../../components/ResponsiveTable";
import { RowActionButtons } from "../../components/RowActions";

interface UsersTableProps {
  users: UserDto[];
  /** The signed-in user: their own row has no delete button (the server refuses it, ERR_USER_DELETE_SELF). */
  currentUserId: number;
  loading: boolean;
  /** The failure text, when the list could not load. */
  error?: string;
  loadingMore: boolean;
  onEdit: (user: UserDto) => void;
  onDelete: (user: UserDto) => void;
}

export function UsersTable({
  users,
  currentUserId,
  loading,
  error,
  loadingMore,
  onEdit,
  onDelete,
}: UsersTableProps) {
  const { t } = useTranslation();
  const columns: ResponsiveColumn<UserDto>[] = [
    {
      key: "name",
      header: t("users.columns.name"),
      render: (user) => (
        <Stack direction="row" spacing={1.5} alignItems="center">
          <Avatar src={user.profileImage ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
            {user.name.charAt(0).toUpperCase()}
          </Avatar>
          <Typography variant="body2" sx={{ fontWeight: "inherit" }}>
            {user.name}
          </Typography>
        </Stack>
      ),
    },
    { key: "email", header: t("users.columns.email"), render: (user) => user.email },
    {
      key: "profile",
      header: t("users.columns.profile"),
      render: (user) => (
        <Chip
          size="small"
          variant="outlined"
          color={user.profile === "admin" ? "primary" : "default"}
          label={t(`users.profiles.${user.profile}`)}
        />
      ),
    },
    {
      key: "status",
      header: t("users.columns.status"),
      render: (user) => (
        <Stack direction="row" spacing={1} alignItems="center">
          <Box
            component="span"
            aria-hidden
            sx={{
              width: 10,
              height: 10,
              borderRadius: "50%",
              bgcolor: user.online ? "success.main" : "grey.400",
            }}
          />
          <Typography variant="body2">{user.online ? t("users.online") : t("users.offline")}</Typography>
        </Stack>
      ),
    },
  ];
  return (
    <>
      <ResponsiveTable
        label={t("users.title")}
        stickyHeader
        rows={users}
        rowKey={(user) => user.id}
        columns={columns}
        actionsHeader={t("users.columns.actions")}
        actions={(user) => (
          <RowActionButtons
            editLabel={t("users.editUser", { name: user.name })}
            deleteLabel={t("users.deleteUser", { name: user.name })}
            onEdit={() => onEdit(user)}
            onDelete={user.id === currentUserId ? undefined : () => onDelete(user)}
          />
        )}
      />
      {loading && <LoadingState />}
      {error && (
        <Alert severity="error" sx={{ m: 2 }}>
          {error}
        </Alert>
      )}
      {!loading && !error && users.length === 0 && (
        <EmptyState icon={<PeopleOutlineIcon fontSize="large" aria-hidden />} message={t("users.empty")} />
      )}
      {loadingMore && <LinearProgress aria-label={t("users.loadingMore")} />}
    </>
  );
}
