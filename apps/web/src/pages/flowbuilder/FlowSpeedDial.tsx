import type { FlowNodeType } from "@inbox/shared";
import AddIcon from "@mui/icons-material/Add";
import { SpeedDial, SpeedDialAction } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NODE_STYLE, SPEED_DIAL_TYPES } from "./node-style";

/**
 * The canvas's speed-dial (spec 3 section 2): Inicio, Conteúdo, Menu, Randomizador, Intervalo, Ticket,
 * Integração, then Mensagem and Condição (node-style.ts says why).
 */
export function FlowSpeedDial({ onAdd }: { onAdd(type: FlowNodeType): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <SpeedDial
      ariaLabel={t("flowbuilder.addNode")}
      icon={<AddIcon />}
      direction="down"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      sx={{ position: "absolute", top: 16, left: 16, zIndex: 5 }}
      FabProps={{ size: "medium" }}
    >
      {SPEED_DIAL_TYPES.map((type) => {
        const Icon = NODE_STYLE[type].icon;
        const label = t(`flowbuilder.types.${type}`);
        return (
          <SpeedDialAction
            key={type}
            icon={<Icon sx={{ color: NODE_STYLE[type].color }} />}
            tooltipTitle={label}
            tooltipOpen
            tooltipPlacement="right"
            aria-label={label}
            onClick={() => {
              setOpen(false);
              onAdd(type);
            }}
          />
        );
      })}
    </SpeedDial>
  );
}
