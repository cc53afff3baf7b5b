import { TICKET_STATUSES, type TicketStatus } from "@inbox/shared";
import FilterAltOffIcon from "@mui/icons-material/FilterAltOff";
import SearchIcon from "@mui/icons-material/Search";
import { Box, Button, Checkbox, FormControlLabel, InputAdornment, Stack, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { MultiSelect } from "../../../components/MultiSelect";

export interface SearchFilters {
  tags: number[];
  users: number[];
  whatsapps: number[];
  statuses: TicketStatus[];
}

export const NO_SEARCH_FILTERS: SearchFilters = { tags: [], users: [], whatsapps: [], statuses: [] };

const hasFilters = (filters: SearchFilters): boolean =>
  Object.values(filters).some((values: unknown[]) => values.length > 0);

interface Option {
  id: number;
  name: string;
  color?: string;
}

interface SearchPanelProps {
  text: string;
  onTextChange: (text: string) => void;
  onMessages: boolean;
  onOnMessagesChange: (value: boolean) => void;
  filters: SearchFilters;
  onFiltersChange: (filters: SearchFilters) => void;
  tags: Option[];
  connections: Option[];
  /** Admins only (spec 1 section 6); undefined hides the user filter. */
  users?: Option[];
}

/**
 * The search tab's controls (spec 1 section 2): the search box (the list
 * waits 500 ms after the last key), the 'search inside messages' checkbox,
 * and the tag, user (admins), connection and status filters.
 */
export function SearchPanel(props: SearchPanelProps) {
  const { t } = useTranslation();
  const { filters, onFiltersChange } = props;
  const toOptions = (options: Option[]) =>
    options.map((option) => ({ value: option.id, label: option.name, color: option.color }));
  return (
    <Stack spacing={1} sx={{ px: 1.5, pt: 1.5 }}>
      <TextField
        type="search"
        size="small"
        fullWidth
        autoFocus
        label={t("ticketsManager.search.label")}
        placeholder={t("ticketsManager.search.placeholder")}
        value={props.text}
        onChange={(event) => props.onTextChange(event.target.value)}
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
      <FormControlLabel
        sx={{ mt: -0.5 }}
        control={
          <Checkbox
            size="small"
            checked={props.onMessages}
            onChange={(_, checked) => props.onOnMessagesChange(checked)}
          />
        }
        label={t("ticketsManager.search.onMessages")}
      />
      <Box
        role="group"
        aria-label={t("ticketsManager.filters.group")}
        sx={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 1 }}
      >
        <MultiSelect
          name="tags"
          label={t("ticketsManager.filters.tags")}
          options={toOptions(props.tags)}
          value={filters.tags}
          onChange={(tags) => onFiltersChange({ ...filters, tags })}
        />
        {props.users && (
          <MultiSelect
            name="users"
            label={t("ticketsManager.filters.users")}
            options={toOptions(props.users)}
            value={filters.users}
            onChange={(users) => onFiltersChange({ ...filters, users })}
          />
        )}
        <MultiSelect
          name="whatsapps"
          label={t("ticketsManager.filters.connections")}
          options={toOptions(props.connections)}
          value={filters.whatsapps}
          onChange={(whatsapps) => onFiltersChange({ ...filters, whatsapps })}
        />
        <MultiSelect<TicketStatus>
          name="statuses"
          label={t("ticketsManager.filters.statuses")}
          options={TICKET_STATUSES.map((status) => ({
            value: status,
            label: t(`ticketsManager.statuses.${status}`),
          }))}
          value={filters.statuses}
          onChange={(statuses) => onFiltersChange({ ...filters, statuses })}
        />
      </Box>
      {hasFilters(filters) && (
        <Button
          size="small"
          startIcon={<FilterAltOffIcon />}
          onClick={() => onFiltersChange(NO_SEARCH_FILTERS)}
          sx={{ alignSelf: "flex-start" }}
        >
          {t("ticketsManager.filters.clear")}
        </Button>
      )}
    </Stack>
  );
}
