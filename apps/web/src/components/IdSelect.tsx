import { MenuItem, TextField } from "@mui/material";

export interface IdOption {
  id: number;
  name: string;
}

interface IdSelectProps {
  label: string;
  /** The chosen id; anything else (null, "", a form's "none") shows as none. */
  value: unknown;
  options: readonly IdOption[];
  onChange: (id: number | null) => void;
  /** The label of a "none" entry (chosen: null); without it there is none to choose. */
  noneLabel?: string;
  disabled?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: string;
}

/** A select of records by id (connections, lists, tags, queues...), labelled by their names. */
export function IdSelect({
  label,
  value,
  options,
  onChange,
  noneLabel,
  disabled,
  required,
  error,
  helperText,
}: IdSelectProps) {
  const shown = typeof value === "number" && options.some((o) => o.id === value) ? value : "";
  return (
    <TextField
      select
      fullWidth
      label={label}
      required={required}
      disabled={disabled}
      // An id whose option is not loaded yet shows as empty rather than as an out-of-range value.
      value={shown}
      onChange={(event) => onChange(event.target.value === "" ? null : Number(event.target.value))}
      error={error}
      helperText={helperText}
    >
      {noneLabel !== undefined && <MenuItem value="">{noneLabel}</MenuItem>}
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
