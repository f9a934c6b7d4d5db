/** @jsxImportSource hono/jsx */
/**
 * Every e-mail the shop sends is one `EmailContent`: a title, an optional notice, the blocks of
 * the letter and a footnote. `renderEmail` turns it into both parts of the message from that
 * one value: the HTML through hono/jsx (every value escaped as it renders) and the plain text by
 * walking the same blocks, so the two parts cannot drift apart.
 */
import { BRAND_NAME } from "@shared/brand";
import { renderDocument } from "../../lib/html.js";
import type { MailMessage } from "../mail.js";

export interface EmailAction {
  label: string;
  url: string;
}

/** Line items with their amounts, then the totals ("Subtotal", "Shipping, …", "Total"). */
export interface EmailTable {
  heading: string;
  rows: { title: string; details: string; amount: string }[];
  totals: { label: string; amount: string; strong?: boolean }[];
}

/**
 * One block of the letter: a paragraph (a single newline is a line break), a button with its
 * link, a headed group of lines (an address), or a table of items.
 */
export type EmailBlock =
  | string
  | { action: EmailAction }
  | { heading: string; lines: string[] }
  | { table: EmailTable }
  | { thumbnails: EmailThumbnail[] }
  | { pictures: EmailPicture[] }
  /** Buttons side by side (the proof's Approve and Change crop): the first is the main one. */
  | { actions: EmailAction[] };

/**
 * A large picture with its caption (the proof's panels): an absolute URL on the shop's own
 * domain, never one taken from a request.
 */
export interface EmailPicture {
  src: string;
  alt: string;
  caption: string;
}

/** A line shown with its pictures (a cart reminder's panels): absolute image URLs. */
export interface EmailThumbnail {
  title: string;
  details: string;
  images: { src: string; alt: string }[];
}

export interface EmailContent {
  /** The HTML's title and heading (the plain text starts straight with the letter). */
  title: string;
  /** A highlighted line above everything else (the test-order notice). */
  notice?: string;
  blocks: EmailBlock[];
  footnote: string;
  /** A link at the end of the footnote (an owner alert's "Settings": the admin's Settings page). */
  footnoteLink?: EmailAction;
  /** The one-click unsubscribe page, linked under the footnote (cart reminders, review requests). */
  unsubscribeUrl?: string;
}

export type RenderedEmail = Pick<MailMessage, "html" | "text">;

const muted = "font-size:13px;color:#6b7280";
const cell = "padding:8px 0;border-bottom:1px solid #e7e5e4;vertical-align:top";

function Paragraph({ text }: { text: string }) {
  const lines = text.split("\n");
  return <p style="line-height:1.5">{lines.map((line, i) => (i === 0 ? line : [<br />, line]))}</p>;
}

/** The button is a plain link; the address is repeated for clients that drop the styling. */
function Action({ action }: { action: EmailAction }) {
  return (
    <>
      <p style="margin:28px 0">
        <a
          href={action.url}
          style="background:#1f2937;color:#ffffff;padding:12px 22px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block"
        >
          {action.label}
        </a>
      </p>
      <p style={muted}>
        If the button does not work, copy this link into your browser:
        <br />
        <a href={action.url} style="color:#374151;word-break:break-all">
          {action.url}
        </a>
      </p>
    </>
  );
}

/** Buttons side by side, the first filled, the others outlined; the first's address repeated. */
function Actions({ actions }: { actions: EmailAction[] }) {
  const [main] = actions;
  return (
    <>
      <p style="margin:28px 0">
        {actions.map((action, i) => (
          <a
            href={action.url}
            style={`${i === 0 ? "background:#1f2937;color:#ffffff;border:2px solid #1f2937" : "background:#ffffff;color:#1f2937;border:2px solid #1f2937"};padding:10px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block;margin:0 8px 8px 0`}
          >
            {action.label}
          </a>
        ))}
      </p>
      {main ? (
        <p style={muted}>
          If the buttons do not work, copy this link into your browser:
          <br />
          <a href={main.url} style="color:#374151;word-break:break-all">
            {main.url}
          </a>
        </p>
      ) : null}
    </>
  );
}

/** Each picture full width (at most 480 px), its caption under it. */
function Pictures({ pictures }: { pictures: EmailPicture[] }) {
  return (
    <table role="presentation" style="width:100%;border-collapse:collapse;margin:8px 0 16px">
      {pictures.map((picture) => (
        <tr>
          <td style="padding:8px 0 16px;text-align:center">
            <img
              src={picture.src}
              alt={picture.alt}
              width="480"
              style="width:100%;max-width:480px;height:auto;border-radius:8px;background:#1c1917;border:1px solid #e7e5e4"
            />
            <br />
            <span style="color:#57534e;font-size:14px">{picture.caption}</span>
          </td>
        </tr>
      ))}
    </table>
  );
}

function Table({ table }: { table: EmailTable }) {
  return (
    <>
      <p style="font-weight:700;margin:24px 0 0">{table.heading}</p>
      <table role="presentation" style="width:100%;border-collapse:collapse;margin:8px 0 16px">
        {table.rows.map((row) => (
          <tr>
            <td style={cell}>
              <strong>{row.title}</strong>
              <br />
              <span style="color:#57534e;font-size:14px">{row.details}</span>
            </td>
            <td style={`${cell};text-align:right;white-space:nowrap`}>{row.amount}</td>
          </tr>
        ))}
        {table.totals.map((total) => {
          const weight = total.strong ? ";font-weight:700" : "";
          return (
            <tr>
              <td style={`padding:8px 0${weight}`}>{total.label}</td>
              {/* A discount's "−£10.82" never leaves its minus sign alone on a phone's line. */}
              <td style={`padding:8px 0 8px 12px;text-align:right;white-space:nowrap${weight}`}>
                {total.amount}
              </td>
            </tr>
          );
        })}
      </table>
    </>
  );
}

function Thumbnails({ lines }: { lines: EmailThumbnail[] }) {
  return (
    <table role="presentation" style="width:100%;border-collapse:collapse;margin:8px 0 16px">
      {lines.map((line) => (
        <tr>
          <td style={cell}>
            {line.images.map((image) => (
              <img
                src={image.src}
                alt={image.alt}
                width="96"
                height="96"
                style="width:96px;height:96px;object-fit:cover;border-radius:6px;margin:0 8px 8px 0;border:1px solid #e7e5e4"
              />
            ))}
            <br />
            <strong>{line.title}</strong>
            <br />
            <span style="color:#57534e;font-size:14px">{line.details}</span>
          </td>
        </tr>
      ))}
    </table>
  );
}

function Block({ block }: { block: EmailBlock }) {
  if (typeof block === "string") return <Paragraph text={block} />;
  if ("action" in block) return <Action action={block.action} />;
  if ("table" in block) return <Table table={block.table} />;
  if ("thumbnails" in block) return <Thumbnails lines={block.thumbnails} />;
  if ("pictures" in block) return <Pictures pictures={block.pictures} />;
  if ("actions" in block) return <Actions actions={block.actions} />;
  return (
    <p style="line-height:1.5">
      <strong>{block.heading}</strong>
      {block.lines.map((line) => [<br />, line])}
    </p>
  );
}

/** A plain, single-column layout that every mail client renders. */
function EmailHtml({ content }: { content: EmailContent }) {
  return (
    <html lang="en-GB">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width" />
        <title>{content.title}</title>
      </head>
      <body style="margin:0;padding:24px;background:#f5f5f4;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
        <div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
          <p style="font-size:20px;font-weight:700;margin:0 0 24px">{BRAND_NAME}</p>
          {content.notice ? (
            <p style="background:#fef3c7;color:#78350f;padding:8px 12px;border-radius:6px;font-weight:700">
              {content.notice}
            </p>
          ) : null}
          <h1 style="font-size:18px;margin:0 0 16px">{content.title}</h1>
          {content.blocks.map((block) => (
            <Block block={block} />
          ))}
          <p style={`${muted};margin-top:32px`}>
            {content.footnote}
            {content.footnoteLink ? (
              <>
                {" "}
                <a href={content.footnoteLink.url} style="color:#374151">
                  {content.footnoteLink.label}
                </a>
              </>
            ) : null}
          </p>
          {content.unsubscribeUrl ? (
            <p style={muted}>
              <a href={content.unsubscribeUrl} style="color:#374151">
                Unsubscribe
              </a>
            </p>
          ) : null}
        </div>
      </body>
    </html>
  );
}

function blockText(block: EmailBlock): string {
  if (typeof block === "string") return block;
  if ("action" in block) return `${block.action.label}: ${block.action.url}`;
  if ("thumbnails" in block)
    return block.thumbnails.map((line) => `- ${line.title}: ${line.details}`).join("\n");
  if ("pictures" in block) return block.pictures.map((picture) => `- ${picture.caption}`).join("\n");
  if ("actions" in block) return block.actions.map((action) => `${action.label}: ${action.url}`).join("\n");
  if ("table" in block) {
    const { heading, rows, totals } = block.table;
    return [
      heading,
      rows.map((row) => `- ${row.title}: ${row.details} — ${row.amount}`).join("\n"),
      totals.map((total) => `${total.label}: ${total.amount}`).join("\n"),
    ].join("\n\n");
  }
  return [`${block.heading}:`, ...block.lines].join("\n");
}

/** Both parts of the message from the one content. */
export function renderEmail(content: EmailContent): RenderedEmail {
  const parts = [
    ...(content.notice ? [content.notice] : []),
    ...content.blocks.map(blockText),
    [
      content.footnoteLink ? `${content.footnote} ${content.footnoteLink.url}` : content.footnote,
      ...(content.unsubscribeUrl ? [`Unsubscribe: ${content.unsubscribeUrl}`] : []),
    ].join("\n"),
  ];
  return {
    html: renderDocument(<EmailHtml content={content} />),
    text: `${parts.join("\n\n")}\n`,
  };
}
