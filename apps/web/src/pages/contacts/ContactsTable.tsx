import type { ContactDto } from "@inbox/shared";
import ContactPhoneIcon from "@mui/icons-material/ContactPhone";
import { Alert, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/EmptyState";
import { LoadingState } from "../../components/LoadingState";
import { ContactRow } from "./ContactRow";

interface ContactsTableProps {
  contacts: ContactDto[];
  loading: boolean;
  /** The failure text, when the list could not load. */
  error?: string;
  loadingMore: boolean;
  canDelete: boolean;
  onEdit: (contact: ContactDto) => void;
  onDelete: (contact: ContactDto) => void;
  onToggleBlock: (contact: ContactDto) => void;
}

const COLUMNS = ["name", "number", "email", "status"] as const;

export function ContactsTable({ contacts, loading, error, loadingMore, ...actions }: ContactsTableProps) {
  const { t } = useTranslation();
  return (
    <>
      <Table stickyHeader size="small" aria-label={t("contacts.title")}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column}>{t(`contacts.columns.${column}`)}</TableCell>
            ))}
            <TableCell align="right">{t("contacts.columns.actions")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {contacts.map((contact) => (
            <ContactRow key={contact.id} contact={contact} {...actions} />
          ))}
        </TableBody>
      </Table>
      {loading && <LoadingState />}
      {error && (
        <Alert severity="error" sx={{ m: 2 }}>
          {error}
        </Alert>
      )}
      {!loading && !error && contacts.length === 0 && (
        <EmptyState icon={<ContactPhoneIcon fontSize="large" aria-hidden />} message={t("contacts.empty")} />
      )}
      {loadingMore && <LinearProgress aria-label={t("contacts.loadingMore")} />}
    </>
  );
}
