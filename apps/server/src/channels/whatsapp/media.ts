import { downloadMediaMessage, type WAMessage } from "baileys";
import { type ILogger, statusCodeOf, type WhatsappSocket } from "./socket.js";

export type MediaDownloader = (
  message: WAMessage,
  socket: WhatsappSocket,
  logger: ILogger,
) => Promise<Buffer>;

/**
 * Downloads and decrypts media; expired media (404/410 from the CDN) is asked
 * again from the phone through `sock.updateMediaMessage`. Baileys 7.0.0-rc14
 * means to do that itself but tests `error.status`, which its own Boom errors
 * never carry (WhiskeySockets/Baileys#2767), so the retry is done here.
 */
export const downloadWithBaileys: MediaDownloader = async (message, socket, logger) => {
  const context = { reuploadRequest: socket.updateMediaMessage, logger };
  try {
    return await downloadMediaMessage(message, "buffer", {}, context);
  } catch (error) {
    const code = statusCodeOf(error);
    if (code !== 404 && code !== 410) throw error;
    const refreshed = await socket.updateMediaMessage(message);
    return downloadMediaMessage(refreshed, "buffer", {}, context);
  }
};
