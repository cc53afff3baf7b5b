import { LIMITS, type UserDto } from "@inbox/shared";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import { Button, Paper } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDeleteUser, useUsersInfinite } from "../../api/users";
import { useCurrentUser } from "../../app/auth/auth-context";
import { useDebouncedValue } from "../../app/hooks/use-debounced-value";
import { useDeleteConfirmation } from "../../app/hooks/use-delete-confirmation";
import { errorMessage } from "../../app/toast/toast-error";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { InfiniteScrollArea } from "../../components/InfiniteScrollArea";
import { PageHeader } from "../../components/PageHeader";
import { SearchField } from "../../components/SearchField";
import { UserModal } from "./UserModal";
import { UsersTable } from "./UsersTable";

type ModalState = { open: false } | { open: true; userId: number | null };

/** Users of the company: search, infinite list, add, edit and delete (admin only). */
export function UsersPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), LIMITS.searchDebounceMs);
  const users = useUsersInfinite(searchParam);
  const deleteUser = useDeleteUser();
  const [modal, setModal] = useState<ModalState>({ open: false });
  const { toDelete, setToDelete, confirmDelete } = useDeleteConfirmation(
    (row: UserDto) => deleteUser.mutateAsync(row.id),
    t("users.deleted"),
  );

  const rows = users.data?.pages.flatMap((page) => page.users) ?? [];

  return (
    <>
      <PageHeader
        title={t("users.title")}
        actions={
          <>
            <SearchField label={t("users.search")} value={search} onChange={setSearch} name="searchParam" />
            <Button
              variant="contained"
              startIcon={<PersonAddIcon />}
              onClick={() => setModal({ open: true, userId: null })}
            >
              {t("users.add")}
            </Button>
          </>
        }
      />
      <Paper variant="outlined">
        <InfiniteScrollArea
          canLoadMore={Boolean(users.hasNextPage) && !users.isFetchingNextPage}
          onReachEnd={() => void users.fetchNextPage()}
          sx={{ maxHeight: "calc(100vh - 200px)" }}
        >
          <UsersTable
            users={rows}
            currentUserId={me.id}
            loading={users.isPending}
            error={users.isError ? errorMessage(users.error) : undefined}
            loadingMore={users.isFetchingNextPage}
            onEdit={(user) => setModal({ open: true, userId: user.id })}
            onDelete={setToDelete}
          />
        </InfiniteScrollArea>
      </Paper>
      <UserModal
        open={modal.open}
        userId={modal.open ? modal.userId : null}
        onClose={() => setModal({ open: false })}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t("users.deleteTitle", { name: toDelete?.name ?? "" })}
        message={t("users.deleteMessage")}
        busy={deleteUser.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
