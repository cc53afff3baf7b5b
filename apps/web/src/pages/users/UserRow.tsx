import type { UserDto } from "@inbox/shared";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import EditIcon from "@mui/icons-material/Edit";
import {
  Avatar,
  Box,
  Chip,
  IconButton,
  Stack,
  TableCell,
  TableRow,
  Tooltip,
  Typography,
} from "@mui/material";
import { useTranslation } from "react-i18next";

interface UserRowProps {
  user: UserDto;
  onEdit: (user: UserDto) => void;
  onDelete: (user: UserDto) => void;
}

export function UserRow({ user, onEdit, onDelete }: UserRowProps) {
  const { t } = useTranslation();
  const status = user.online ? t("users.online") : t("users.offline");
  return (
    <TableRow hover>
      <TableCell>
        <Stack direction="row" spacing={1.5} alignItems="center">
          <Avatar src={user.profileImage ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
            {user.name.charAt(0).toUpperCase()}
          </Avatar>
          <Typography variant="body2">{user.name}</Typography>
        </Stack>
      </TableCell>
      <TableCell>{user.email}</TableCell>
      <TableCell>
        <Chip
          size="small"
          variant="outlined"
          color={user.profile === "admin" ? "primary" : "default"}
          label={t(`users.profiles.${user.profile}`)}
        />
      </TableCell>
      <TableCell>
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
          <Typography variant="body2">{status}</Typography>
        </Stack>
      </TableCell>
      <TableCell align="right">
        <Tooltip title={t("common.edit")}>
          <IconButton
            size="small"
            aria-label={t("users.editUser", { name: user.name })}
            onClick={() => onEdit(user)}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t("common.delete")}>
          <IconButton
            size="small"
            color="error"
            aria-label={t("users.deleteUser", { name: user.name })}
            onClick={() => onDelete(user)}
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}
