import type { Channel } from "@inbox/shared";
import type { ChannelAdapter } from "./types.js";

/** The adapters this process can use, by channel. */
export class ChannelRegistry {
  private readonly adapters = new Map<Channel, ChannelAdapter>();

  register(adapter: ChannelAdapter): void {
    this.adapters.set(adapter.channel, adapter);
  }

  get(channel: string): ChannelAdapter | undefined {
    return this.adapters.get(channel as Channel);
  }
}
