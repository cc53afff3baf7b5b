import { LANGUAGES, type Language } from "@inbox/shared";
import CheckIcon from "@mui/icons-material/Check";
import LogoutIcon from "@mui/icons-material/Logout";
import PersonIcon from "@mui/icons-material/Person";
import {
  Avatar,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
  Tooltip,
} from "@mui/material";
import { useTranslation } from "react-i18next";
import { type FoldedAction, useActionAnchor } from "./folded-action";

interface AccountMenuProps {
  name: string;
  profileImage: string | null;
  language: Language;
  onProfile: () => void;
  onLanguage: (language: Language) => void;
  onLogout: () => void;
  /** In the top bar's overflow menu (narrow screens). */
  folded?: FoldedAction;
}

/** The avatar menu: profile, interface language and sign out. */
export function AccountMenu({
  name,
  profileImage,
  language,
  onProfile,
  onLanguage,
  onLogout,
  folded,
}: AccountMenuProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useActionAnchor(folded);
  const close = () => setAnchor(null);
  const run = (action: () => void) => () => {
    close();
    action();
  };

  return (
    <>
      {!folded && (
        <Tooltip title={t("shell.account")}>
          <IconButton
            aria-label={t("shell.account")}
            aria-haspopup="menu"
            aria-expanded={Boolean(anchor)}
            onClick={(event) => setAnchor(event.currentTarget)}
            sx={{ p: 0.5 }}
          >
            <Avatar src={profileImage ?? undefined} alt={name} sx={{ width: 32, height: 32 }}>
              {name.charAt(0).toUpperCase()}
            </Avatar>
          </IconButton>
        </Tooltip>
      )}
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
      >
        <MenuItem onClick={run(onProfile)}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t("shell.profile")}</ListItemText>
        </MenuItem>
        <Divider />
        <ListSubheader>{t("shell.language")}</ListSubheader>
        {LANGUAGES.map((lng) => (
          <MenuItem key={lng} selected={lng === language} lang={lng} onClick={run(() => onLanguage(lng))}>
            <ListItemIcon>{lng === language && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText>{t(`languages.${lng}`)}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem onClick={run(onLogout)}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t("shell.logout")}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
