import type { Channel } from "@inbox/shared";
import { AppError } from "../../http/app-error.js";
import { type AudioFile, audioForChannel } from "../../media/audio/convert.js";
import { AudioFormatError } from "../../media/audio/opus-packet.js";

/**
 * An outbound audio in a format the ticket's channel takes
 * (media/audio/convert.ts), converted before it is stored: the message's file
 * is what the contact gets, so the attendant's bubble plays the same thing.
 * What cannot be converted is refused here, before anything is stored or
 * sent, with ERR_AUDIO_CONVERSION (never a provider failure later, never a
 * file the channel cannot play).
 */
export async function channelAudio(
  channel: Channel,
  file: AudioFile,
  logger: { warn(obj: object, msg: string): void },
): Promise<AudioFile & { converted: boolean }> {
  try {
    return await audioForChannel(channel, file);
  } catch (error) {
    if (error instanceof AudioFormatError)
      throw new AppError("ERR_AUDIO_CONVERSION", { field: "medias", message: error.message });
    logger.warn({ err: error, channel, mimeType: file.mimeType }, "audio conversion failed");
    throw new AppError("ERR_AUDIO_CONVERSION", {
      field: "medias",
      message: "The audio could not be converted for this channel",
    });
  }
}
