import {
  advanceFlow,
  type FlowAction,
  type FlowAdvance,
  type FlowGraphData,
  type FlowPosition,
  flowConditionValues,
  flowGraph,
  flowGraphErrors,
  renderMessageVariables,
} from "@inbox/shared";
import CloseIcon from "@mui/icons-material/Close";
import PlayArrowIcon from "@mui/icons-material/PlayArrow";
import {
  Alert,
  Box,
  Button,
  Drawer,
  IconButton,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/** The contact the test panel plays: conditions and {{firstName}} read these. */
const TEST_CONTACT = { name: "Contato Teste", number: "5511999999999", email: "contato@teste.com" };

type Line =
  | { from: "bot"; text: string }
  | { from: "contact"; text: string }
  | { from: "system"; text: string };

interface FlowTestPanelProps {
  /** The graph as drawn now (saved or not). */
  graph: () => unknown;
}

/**
 * The editor's test panel (issue 13): plays the flow as drawn, as a contact would, with the same
 * interpreter the server runs (@inbox/shared flow-interpreter), without a channel. Messages show as
 * bubbles, media by name, an interval waits its seconds (or is skipped), a menu waits for an answer
 * typed here, a ticket or integration node says what would happen to the conversation.
 */
export function FlowTestPanel({ graph }: FlowTestPanelProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [lines, setLines] = useState<Line[]>([]);
  const [position, setPosition] = useState<FlowPosition | null>(null);
  const [ended, setEnded] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [answer, setAnswer] = useState("");
  const data = useRef<FlowGraphData | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastAnswer = useRef("");
  const bottom = useRef<HTMLDivElement | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: on unmount only; clearWait reads a ref
  useEffect(() => () => clearWait(), []);
  // A block body: recent Chromium's scrollIntoView returns a promise, which React would take for
  // the effect's cleanup and call at the next line (a crash of the whole page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll on each new line
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: "end" });
  }, [lines.length]);

  function clearWait() {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }

  const environment = () => ({
    value: flowConditionValues(lastAnswer.current, TEST_CONTACT),
    random: Math.random,
  });

  function describe(action: FlowAction): Line {
    switch (action.type) {
      case "text":
        return { from: "bot", text: renderMessageVariables(action.body, { contactName: TEST_CONTACT.name }) };
      case "media":
        return { from: "bot", text: t(`flowbuilder.testPanel.media.${action.media}`, { name: action.name }) };
      case "wait":
        return { from: "system", text: t("flowbuilder.testPanel.waiting", { seconds: action.seconds }) };
      case "ticket":
        return { from: "system", text: t("flowbuilder.testPanel.ticket", { queueId: action.queueId }) };
      case "integration":
        return {
          from: "system",
          text: t("flowbuilder.testPanel.integration", { type: action.integrationType }),
        };
    }
  }

  function apply(advance: FlowAdvance, before: Line[]) {
    const next = [...before, ...advance.actions.map(describe)];
    if (advance.ended) next.push({ from: "system", text: t(`flowbuilder.testPanel.ended.${advance.ended}`) });
    setLines(next);
    setPosition(advance.position);
    setEnded(advance.position === null);
    const wait = advance.actions.find((action) => action.type === "wait");
    clearWait();
    if (wait?.type === "wait" && advance.position?.waiting === "timer")
      timer.current = setTimeout(() => step({ kind: "timer" }, advance.position, next), wait.seconds * 1000);
  }

  function step(
    input: { kind: "timer" } | { kind: "answer"; text: string },
    at: FlowPosition | null,
    before: Line[],
  ) {
    if (!data.current) return;
    apply(advanceFlow(data.current, at, input, environment()), before);
  }

  function start() {
    clearWait();
    lastAnswer.current = "";
    const parsed = flowGraph.safeParse(graph());
    const errors = parsed.success ? flowGraphErrors(parsed.data) : [];
    if (!parsed.success || errors.length > 0) {
      data.current = null;
      setLines([]);
      setEnded(true);
      setProblem(errors[0]?.message ?? t("flowbuilder.testPanel.invalid"));
      return;
    }
    setProblem(null);
    data.current = parsed.data;
    apply(advanceFlow(parsed.data, null, { kind: "start" }, environment()), []);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = answer.trim();
    if (!text || ended) return;
    setAnswer("");
    lastAnswer.current = text;
    const before = [...lines, { from: "contact" as const, text }];
    if (position?.waiting !== "answer") {
      // During a wait the contact's message changes nothing, as on the server.
      setLines(before);
      return;
    }
    step({ kind: "answer", text }, position, before);
  }

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<PlayArrowIcon />}
        onClick={() => {
          setOpen(true);
          start();
        }}
      >
        {t("flowbuilder.testPanel.open")}
      </Button>
      <Drawer
        anchor="right"
        open={open}
        onClose={() => {
          clearWait();
          setOpen(false);
        }}
        slotProps={{ paper: { sx: { width: { xs: "100%", sm: 400 } } } }}
        // Above the app bar (zIndex.drawer + 1, over the side menu), as dialogs are: at the drawer's
        // own level the bar hid the panel's title, Recomeçar and close button, and took their clicks.
        sx={{ zIndex: (theme) => theme.zIndex.modal }}
      >
        <Stack sx={{ height: "100%" }} role="region" aria-label={t("flowbuilder.testPanel.title")}>
          <Stack direction="row" alignItems="center" sx={{ p: 2, pb: 1 }}>
            <Typography variant="h6" sx={{ flex: 1 }}>
              {t("flowbuilder.testPanel.title")}
            </Typography>
            <Button size="small" onClick={start}>
              {t("flowbuilder.testPanel.restart")}
            </Button>
            <Tooltip title={t("flowbuilder.cancel")}>
              <IconButton
                aria-label={t("flowbuilder.cancel")}
                onClick={() => {
                  clearWait();
                  setOpen(false);
                }}
              >
                <CloseIcon />
              </IconButton>
            </Tooltip>
          </Stack>
          <Typography variant="caption" color="text.secondary" sx={{ px: 2 }}>
            {t("flowbuilder.testPanel.help", { name: TEST_CONTACT.name })}
          </Typography>
          {problem && (
            <Alert severity="error" sx={{ m: 2 }}>
              {problem}
            </Alert>
          )}
          <Box sx={{ flex: 1, overflowY: "auto", p: 2 }} data-testid="flow-test-lines" aria-live="polite">
            <Stack spacing={1}>
              {lines.map((line, index) => (
                <Paper
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines only grow; their order is their identity
                  key={index}
                  variant="outlined"
                  data-from={line.from}
                  sx={{
                    p: 1,
                    maxWidth: "85%",
                    whiteSpace: "pre-wrap",
                    alignSelf:
                      line.from === "contact" ? "flex-end" : line.from === "bot" ? "flex-start" : "center",
                    bgcolor:
                      line.from === "contact"
                        ? "primary.light"
                        : line.from === "bot"
                          ? "background.paper"
                          : "action.hover",
                  }}
                >
                  <Typography variant={line.from === "system" ? "caption" : "body2"}>{line.text}</Typography>
                </Paper>
              ))}
              <div ref={bottom} />
            </Stack>
          </Box>
          {position?.waiting === "timer" && (
            <Button sx={{ mx: 2 }} onClick={() => step({ kind: "timer" }, position, lines)}>
              {t("flowbuilder.testPanel.skipWait")}
            </Button>
          )}
          <Stack component="form" direction="row" spacing={1} sx={{ p: 2 }} onSubmit={submit}>
            <TextField
              size="small"
              fullWidth
              disabled={ended}
              label={t("flowbuilder.testPanel.answer")}
              value={answer}
              onChange={(event) => setAnswer(event.target.value)}
            />
            <Button type="submit" variant="contained" disabled={ended || !answer.trim()}>
              {t("flowbuilder.testPanel.send")}
            </Button>
          </Stack>
        </Stack>
      </Drawer>
    </>
  );
}
