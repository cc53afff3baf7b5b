import type { FacebookPagesResult } from "@inbox/shared";
import type { GraphClient } from "../../channels/meta/graph-client.js";
import { ProviderError } from "../../channels/types.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import { planFeatureError } from "../../http/plan-gate.js";
import { authorizeManage, CHANNEL_PLAN_FLAG } from "../connections/policy.js";
import type { ConnectionsService, PageAccountImport } from "../connections/service.js";

export interface FacebookDeps {
  graph: GraphClient;
  connections: ConnectionsService;
  /** The Meta app behind Facebook Login (META_APP_ID / META_APP_SECRET), when configured. */
  app?: { id: string; secret: string };
  /** Pages asked per `/accounts` request (default 100). */
  pageSize?: number;
}

export interface FacebookPagesRequest {
  facebookUserId: string;
  facebookUserToken: string;
  addInstagram: boolean;
}

/** What `/{user-id}/accounts` answers per page (only what we ask for). */
interface GraphPage {
  id?: string;
  name?: string;
  access_token?: string;
  instagram_business_account?: { id?: string; username?: string; name?: string };
}

const PAGE_FIELDS = "name,access_token,instagram_business_account{id,username,name,profile_picture_url}";
/** Webhook fields our Messenger and Instagram parsers read (channels.md). */
export const SUBSCRIBED_FIELDS = [
  "messages",
  "messaging_postbacks",
  "message_reactions",
  "message_reads",
  "message_deliveries",
  "messaging_referrals",
  "message_echoes",
];
/** A user with more pages than 100 × 50 is not someone adding pages by hand. */
const PAGE_SIZE = 100;
const MAX_PAGE_REQUESTS = 50;
/** Graph codes of a token that is expired, revoked or not a user token (190, and the older 102). */
const TOKEN_CODES = new Set([102, 190]);

/**
 * POST /facebook (spec 2 section 7): after Facebook Login in the browser, a
 * manager adds the pages they manage as `facebook` connections and, with
 * addInstagram, the pages' Instagram business accounts as `instagram`
 * connections. Graph work happens here; the connections module writes the rows
 * (plan limit, realtime events, presentation).
 */
export class FacebookService {
  constructor(private readonly deps: FacebookDeps) {}

  async addPages(ctx: RequestContext, input: FacebookPagesRequest): Promise<FacebookPagesResult> {
    authorizeManage(ctx.user);
    const { connections } = this.deps;
    // The plan gate comes before any Graph call: a refused request changes nothing at Meta either.
    const allowed = await connections.allowedChannels(ctx);
    const asked = input.addInstagram ? "instagram" : "facebook";
    if (!allowed.has(asked)) {
      throw planFeatureError(CHANNEL_PLAN_FLAG[asked], {
        field: "channel",
        message: `The plan does not include ${asked}`,
      });
    }

    const userToken = await this.longLivedToken(input.facebookUserToken);
    const pages = await this.pagesOf(input.facebookUserId, userToken);
    const accounts = pageAccounts(pages, input, {
      facebook: allowed.has("facebook"),
      instagram: input.addInstagram,
    });
    if (accounts.length === 0) {
      throw new AppError("ERR_FACEBOOK_NO_PAGES", {
        message:
          pages.length === 0
            ? "This Facebook user manages no page"
            : "None of this Facebook user's pages has an Instagram business account",
      });
    }
    await connections.checkPageImport(ctx, accounts);

    // The app hears a page's messages only once the page is subscribed to it (with the page's token).
    const subscribed = new Set<string>();
    for (const account of accounts) {
      if (subscribed.has(account.pageId)) continue;
      subscribed.add(account.pageId);
      await this.graphCall(() =>
        this.deps.graph.post(`${account.pageId}/subscribed_apps`, account.accessToken, {
          subscribed_fields: SUBSCRIBED_FIELDS.join(","),
        }),
      );
    }
    return connections.importPageAccounts(ctx, accounts, this.deps.app?.secret);
  }

  /**
   * Facebook Login hands the browser a short-lived token (hours); page tokens
   * got with a long-lived user token do not expire. Without a configured app
   * the token is used as given.
   */
  private async longLivedToken(userToken: string): Promise<string> {
    const app = this.deps.app;
    if (!app) return userToken;
    const query = new URLSearchParams({
      grant_type: "fb_exchange_token",
      client_id: app.id,
      client_secret: app.secret,
      fb_exchange_token: userToken,
    });
    const answer = await this.graphCall(() =>
      this.deps.graph.get<{ access_token?: string }>(`oauth/access_token?${query}`, ""),
    );
    if (!answer.access_token) {
      throw new AppError("ERR_FACEBOOK_GRAPH", {
        message: "Facebook answered the token exchange without a token",
      });
    }
    return answer.access_token;
  }

  /** Every page of `/{user-id}/accounts`, following `paging.next`. */
  private async pagesOf(facebookUserId: string, userToken: string): Promise<GraphPage[]> {
    const pages: GraphPage[] = [];
    const first = `${encodeURIComponent(facebookUserId)}/accounts?${new URLSearchParams({
      fields: PAGE_FIELDS,
      limit: String(this.deps.pageSize ?? PAGE_SIZE),
    })}`;
    let answer = await this.graphCall(
      () => this.deps.graph.get<{ data?: GraphPage[]; paging?: { next?: string } }>(first, userToken),
      facebookUserId,
    );
    for (let requests = 1; ; requests += 1) {
      pages.push(...(answer.data ?? []));
      const next = answer.paging?.next;
      if (!next || requests >= MAX_PAGE_REQUESTS) return pages;
      answer = await this.graphCall(() => this.deps.graph.getUrl(next, userToken), facebookUserId);
    }
  }

  /** Graph failures become clear errors of the catalogue, never a 500. */
  private async graphCall<T>(call: () => Promise<T>, facebookUserId?: string): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      if (error.code !== undefined && TOKEN_CODES.has(error.code)) {
        throw new AppError("ERR_FACEBOOK_INVALID_TOKEN", {
          message: `Facebook refused the user token: ${error.message}`,
        });
      }
      if (facebookUserId && error.code === 100 && error.options.subcode === 33) {
        throw new AppError("ERR_FACEBOOK_INVALID_TOKEN", {
          message: `The token does not belong to Facebook user ${facebookUserId}`,
        });
      }
      throw new AppError("ERR_FACEBOOK_GRAPH", { message: `Facebook answered: ${error.message}` });
    }
  }
}

/** A facebook connection per page (when the plan has it) and, asked for, one per Instagram business account. */
function pageAccounts(
  pages: GraphPage[],
  input: FacebookPagesRequest,
  include: { facebook: boolean; instagram: boolean },
): PageAccountImport[] {
  const out = new Map<string, PageAccountImport>();
  for (const page of pages) {
    // Graph leaves out the token of a page the user may not manage: nothing to connect then.
    if (typeof page.id !== "string" || typeof page.access_token !== "string") continue;
    const common = { pageId: page.id, accessToken: page.access_token, facebookUserId: input.facebookUserId };
    if (include.facebook) {
      out.set(`facebook:${page.id}`, {
        ...common,
        channel: "facebook",
        accountId: page.id,
        name: page.name ?? "",
      });
    }
    const ig = page.instagram_business_account;
    if (include.instagram && typeof ig?.id === "string") {
      out.set(`instagram:${ig.id}`, {
        ...common,
        channel: "instagram",
        accountId: ig.id,
        name: ig.username ? `Instagram @${ig.username}` : (ig.name ?? ""),
      });
    }
  }
  return [...out.values()];
}
