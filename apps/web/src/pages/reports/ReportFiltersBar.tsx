import { type ContactDto, LIMITS, TICKET_STATUSES, type TicketStatus } from "@inbox/shared";
import FilterAltOffIcon from "@mui/icons-material/FilterAltOff";
import SearchIcon from "@mui/icons-material/Search";
import {
  Autocomplete,
  Box,
  Button,
  FormControlLabel,
  InputAdornment,
  Paper,
  Switch,
  TextField,
} from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useConnectionOptions } from "../../api/connections";
import { useQueueOptions } from "../../api/queues";
import type { ReportFilters } from "../../api/reports";
import { useContactSearch } from "../../api/ticket-actions";
import { useUserChoices } from "../../api/users";
import { MultiSelect } from "../../components/MultiSelect";
import { useDebouncedValue } from "../tickets/manager/use-debounced-value";

interface ReportFiltersBarProps {
  filters: ReportFilters;
  onChange: (filters: ReportFilters) => void;
  onClear: () => void;
  /** Supervisors filter by user; anyone else reports on their own tickets only. */
  showUsers: boolean;
}

const WITHOUT_QUEUE = 0;
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The report's filters (spec 2 section 2, Reports): free text, contact
 * (searched from 3 characters), connections, users, queues (with 'without
 * queue'), statuses, the date range and the only-rated switch. Each change
 * applies at once; the page's search text waits for the typing to stop.
 */
export function ReportFiltersBar({ filters, onChange, onClear, showUsers }: ReportFiltersBarProps) {
  const { t } = useTranslation();
  const [contact, setContact] = useState<ContactDto | null>(null);
  const [contactText, setContactText] = useState("");
  const term = useDebouncedValue(contactText.trim());
  const searching = term.length >= LIMITS.searchMinChars;
  const contacts = useContactSearch(term, searching);
  const connections = useConnectionOptions();
  const queues = useQueueOptions();
  const users = useUserChoices(showUsers);

  const set = <K extends keyof ReportFilters>(key: K, value: ReportFilters[K]) =>
    onChange({ ...filters, [key]: value });

  const setDay = (field: "dateFrom" | "dateTo", value: string) => {
    if (!isDay(value)) return;
    const next = { ...filters, [field]: value };
    // Keep the range ordered: moving one end past the other moves both.
    if (next.dateFrom > next.dateTo) {
      if (field === "dateFrom") next.dateTo = value;
      else next.dateFrom = value;
    }
    onChange(next);
  };

  const clear = () => {
    setContact(null);
    setContactText("");
    onClear();
  };

  return (
    <Paper
      variant="outlined"
      component="form"
      role="search"
      aria-label={t("reports.filters.label")}
      onSubmit={(event) => event.preventDefault()}
      sx={{ p: 2, mb: 2 }}
    >
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", lg: "repeat(4, 1fr)" },
          alignItems: "center",
        }}
      >
        <TextField
          size="small"
          name="searchParam"
          label={t("reports.filters.search")}
          placeholder={t("reports.filters.searchPlaceholder")}
          value={filters.searchParam}
          onChange={(event) => set("searchParam", event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" aria-hidden />
                </InputAdornment>
              ),
            },
          }}
        />
        <Autocomplete
          size="small"
          options={contacts.data?.contacts ?? []}
          value={contact}
          inputValue={contactText}
          onInputChange={(_event, text) => setContactText(text)}
          onChange={(_event, chosen) => {
            setContact(chosen);
            set("contactId", chosen?.id ?? null);
          }}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          filterOptions={(options) => options}
          loading={contacts.isFetching}
          loadingText={t("reports.filters.searching")}
          noOptionsText={searching ? t("reports.filters.noContacts") : t("reports.filters.contactHint")}
          renderInput={(params) => (
            <TextField {...params} name="contact" label={t("reports.filters.contact")} />
          )}
        />
        <MultiSelect
          name="whatsappIds"
          label={t("reports.filters.connections")}
          options={(connections.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={filters.whatsappIds}
          onChange={(value) => set("whatsappIds", value)}
        />
        {showUsers && (
          <MultiSelect
            name="users"
            label={t("reports.filters.users")}
            options={(users.data ?? []).map((u) => ({ value: u.id, label: u.name }))}
            value={filters.users}
            onChange={(value) => set("users", value)}
          />
        )}
        <MultiSelect
          name="queueIds"
          label={t("reports.filters.queues")}
          options={[
            { value: WITHOUT_QUEUE, label: t("reports.filters.withoutQueue") },
            ...(queues.data ?? []).map((q) => ({ value: q.id, label: q.name, color: q.color })),
          ]}
          value={filters.queueIds}
          onChange={(value) => set("queueIds", value)}
        />
        <MultiSelect<TicketStatus>
          name="statuses"
          label={t("reports.filters.statuses")}
          options={TICKET_STATUSES.map((status) => ({
            value: status,
            label: t(`ticketsManager.statuses.${status}`),
          }))}
          value={filters.statuses}
          onChange={(value) => set("statuses", value)}
        />
        <TextField
          type="date"
          size="small"
          name="dateFrom"
          label={t("reports.filters.dateFrom")}
          value={filters.dateFrom}
          onChange={(event) => setDay("dateFrom", event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          size="small"
          name="dateTo"
          label={t("reports.filters.dateTo")}
          value={filters.dateTo}
          onChange={(event) => setDay("dateTo", event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FormControlLabel
          label={t("reports.filters.onlyRated")}
          control={
            <Switch
              name="onlyRated"
              checked={filters.onlyRated}
              onChange={(_event, checked) => set("onlyRated", checked)}
            />
          }
        />
        <Box>
          <Button startIcon={<FilterAltOffIcon />} onClick={clear}>
            {t("reports.filters.clear")}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
