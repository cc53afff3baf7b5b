import { Box, Chip, MenuItem, TextField } from "@mui/material";

export interface MultiSelectProps<T extends string | number> {
  name: string;
  label: string;
  options: { value: T; label: string; color?: string }[];
  value: T[];
  onChange: (value: T[]) => void;
}

/** A small multi-select whose choices show as chips (colour when the option has one). */
export function MultiSelect<T extends string | number>({
  name,
  label,
  options,
  value,
  onChange,
}: MultiSelectProps<T>) {
  const byValue = new Map(options.map((option) => [option.value, option]));
  return (
    <TextField
      select
      fullWidth
      size="small"
      name={name}
      label={label}
      value={value}
      onChange={(event) => {
        const raw = event.target.value as unknown as (string | number)[];
        const values = raw.map((item) =>
          typeof options[0]?.value === "number" ? Number(item) : String(item),
        ) as T[];
        onChange(values);
      }}
      disabled={options.length === 0}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => (
            <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
              {(selected as T[]).map((item) => {
                const option = byValue.get(item);
                return option ? (
                  <Chip
                    key={String(item)}
                    size="small"
                    label={option.label}
                    sx={option.color ? { bgcolor: option.color, color: "common.white" } : undefined}
                  />
                ) : null;
              })}
            </Box>
          ),
        },
      }}
    >
      {options.map((option) => (
        <MenuItem key={String(option.value)} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
