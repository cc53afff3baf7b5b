import type { UserDto } from "@inbox/shared";
import PeopleOutlineIcon from "@mui/icons-material/PeopleOutline";
import { Alert, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/EmptyState";
import { LoadingState } from "../../components/LoadingState";
import { UserRow } from "./UserRow";

interface UsersTableProps {
  users: UserDto[];
  loading: boolean;
  /** The failure text, when the list could not load. */
  error?: string;
  loadingMore: boolean;
  onEdit: (user: UserDto) => void;
  onDelete: (user: UserDto) => void;
}

const COLUMNS = ["name", "email", "profile", "status"] as const;

export function UsersTable({ users, loading, error, loadingMore, onEdit, onDelete }: UsersTableProps) {
  const { t } = useTranslation();
  return (
    <>
      <Table stickyHeader size="small" aria-label={t("users.title")}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column}>{t(`users.columns.${column}`)}</TableCell>
            ))}
            <TableCell align="right">{t("users.columns.actions")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => (
            <UserRow key={user.id} user={user} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </TableBody>
      </Table>
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
