import SearchIcon from "@mui/icons-material/Search";
import { InputAdornment, TextField } from "@mui/material";

/**
 * The search box of the management pages' headers: small, a search icon in front, the label as
 * its placeholder and its accessible name. The page debounces the value (LIMITS.searchDebounceMs).
 */
export function SearchField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  name?: string;
}) {
  return (
    <TextField
      size="small"
      type="search"
      name={props.name}
      placeholder={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      slotProps={{
        htmlInput: { "aria-label": props.label },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
